# UPGRADE-4.0.md's "Before v3.x Example": the cluster from the module and
# an autoscaling capacity provider beside it in the root. A literal stands
# for the autoscaling group's ARN the guide takes from a registry module;
# the guide's ec2_profile call, the same on both sides, is left out.
provider "aws" {
  region = "eu-west-1"
}

module "ecs" {
  source = "./module"

  name               = "example"
  container_insights = true

  capacity_providers = ["FARGATE", "FARGATE_SPOT", aws_ecs_capacity_provider.prov1.name]

  default_capacity_provider_strategy = [{
    capacity_provider = aws_ecs_capacity_provider.prov1.name
    weight            = "1"
  }]
}

resource "aws_ecs_capacity_provider" "prov1" {
  name = "prov1"

  auto_scaling_group_provider {
    auto_scaling_group_arn = "arn:aws:autoscaling:eu-west-1:123456789012:autoScalingGroup:11111111-2222-3333-4444-555555555555:autoScalingGroupName/example"
  }
}
