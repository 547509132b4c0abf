# UPGRADE-4.0.md's "After v4.x Example": the capacity provider now made by
# the module. A literal stands for the autoscaling group's ARN the guide
# takes from a registry module; the guide's ec2_profile call, the same on
# both sides, is left out.
provider "aws" {
  region = "eu-west-1"
}

module "ecs" {
  source = "./module"

  cluster_name = "example"

  fargate_capacity_providers = {
    FARGATE      = {}
    FARGATE_SPOT = {}
  }

  autoscaling_capacity_providers = {
    prov1 = {
      auto_scaling_group_arn = "arn:aws:autoscaling:eu-west-1:123456789012:autoScalingGroup:11111111-2222-3333-4444-555555555555:autoScalingGroupName/example"
      default_capacity_provider_strategy = {
        weight = 1
      }
    }
  }
}
