# UPGRADE-6.0.md's second example after the upgrade (the two instances as a
# map, read replica autoscaling), completed with the inputs of its first
# example and the guide's security_group_description, which keeps the
# security group's description.
provider "aws" {
  region = "eu-west-1"
}

module "aurora" {
  source = "./module"

  name           = "aurora"
  engine         = "aurora-postgresql"
  engine_version = "11.9"

  instance_class = "db.r5.large"
  instances = {
    1 = {
      promotion_tier = 1
    }
    2 = {
      instance_class = "db.t3.medium"
      promotion_tier = 2
    }
  }

  autoscaling_enabled      = true
  autoscaling_min_capacity = 2
  autoscaling_max_capacity = 5

  security_group_description = "Managed by Terraform"

  vpc_id  = "vpc-12345678"
  subnets = ["subnet-12345678", "subnet-87654321"]

  allowed_security_groups = ["sg-12345678"]
  allowed_cidr_blocks     = ["10.20.0.0/20"]

  storage_encrypted   = true
  apply_immediately   = true
  monitoring_interval = 10

  db_parameter_group_name         = "default"
  db_cluster_parameter_group_name = "default"

  enabled_cloudwatch_logs_exports = ["postgresql"]

  tags = {
    Environment = "dev"
    Terraform   = "true"
  }
}
