# The root that terragrunt assembles for env/cloud/ecr: the provider of
# env/common/provider.tf, and aws/ecr with env/common/common_variables.tf
# given the inputs of env/terragrunt.hcl (as literals, both feature flags on,
# as in production before the flags were removed).
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

module "ecr" {
  source = "./module"

  account_id                = "123456789012"
  billing_tag_key           = "CostCentre"
  billing_tag_value         = "forms-platform-production"
  domain_api                = "api.forms-formulaires.alpha.canada.ca"
  domain_idp                = "auth.forms-formulaires.alpha.canada.ca"
  domains                   = ["forms-formulaires.alpha.canada.ca"]
  env                       = "production"
  feature_flag_api          = true
  feature_flag_idp          = true
  region                    = "ca-central-1"
  cbs_satellite_bucket_name = "cbs-satellite-123456789012"
}
