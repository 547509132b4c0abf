# aws/app/code_pipeline.tf's module call, in the staging environment (the
# one whose state held module.gc_forms_code_pipeline[0]), with literals for
# the inputs terragrunt passes and for the ECS cluster, service and task
# definition of the aws/app root.
terraform {
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "5.59.0"
    }
  }
}

provider "aws" {
  region = "ca-central-1"
}

variable "env" {
  type    = string
  default = "staging"
}

module "gc_forms_code_pipeline" {
  count = var.env == "production" ? 0 : 1

  source                         = "./module"
  vpc_id                         = "vpc-0123456789abcdef0"
  code_build_security_group_id   = "sg-0123456789abcdef0"
  private_subnet_ids             = ["subnet-0a", "subnet-0b", "subnet-0c"]
  app_name                       = "gc-forms-web-app"
  github_repo_name               = "cds-snc/platform-forms-client"
  app_ecr_name                   = "form_viewer_staging"
  app_ecr_url                    = "123456789012.dkr.ecr.ca-central-1.amazonaws.com/form_viewer_staging"
  ecs_cluster_name               = "Forms"
  ecs_service_name               = "form-viewer"
  app_container_name             = "form_viewer"
  task_definition_family         = "form-viewer"
  load_balancer_listener_arns    = ["arn:aws:elasticloadbalancing:ca-central-1:123456789012:listener/app/form-viewer/1/2"]
  loadblancer_target_group_names = ["form-viewer-1", "form-viewer-2"]
  build_compute_type             = "large"

  github_trigger = {
    mode             = var.env == "production" ? "DeployOnNewTag" : "DeployOnNewCommit"
    excludeFilePaths = var.env == "production" ? null : [".**", "__*/**", "tests/**"]
  }

  build_env_vars_from_secrets = [
    { key = "DATABASE_URL", secretArn = "arn:aws:secretsmanager:ca-central-1:123456789012:secret:server-database-url" }, # This is required for the database migration script (post build commands)
  ]

  docker_build_args = [
    { key = "API_URL", value = "https://api.forms-staging.cdssandbox.xyz" },
    { key = "COGNITO_APP_CLIENT_ID", value = "cognito-client-id" },
    { key = "COGNITO_USER_POOL_ID", value = "ca-central-1_pool" },
    { key = "HCAPTCHA_SITE_KEY", value = "hcaptcha-site-key" },
    { key = "NEXT_DEPLOYMENT_ID", value = var.env == "production" ? "$GIT_TAG" : "$GIT_COMMIT_ID" },
    { key = "ZITADEL_URL", value = "https://auth.forms-staging.cdssandbox.xyz" },
    { key = "ZITADEL_PROJECT_ID", value = "zitadel-project-id" }
  ]

  custom_post_build_commands = [
    "yarn install",
    "yarn prisma:generate",
    "yarn prisma:deploy",
  ]
}
