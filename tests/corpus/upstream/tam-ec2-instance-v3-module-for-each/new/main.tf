# The UPGRADE-3.0.md "After 3.x Example": the same three instances, one
# call per instance with for_each, named as v2 named them. Literals stand
# for the AMI, the VPC's private subnets and the security group the guide
# takes from a data source and registry modules.
provider "aws" {
  region = "eu-west-1"
}

locals {
  name = "example-ec2-complete"
  tags = {
    Owner       = "user"
    Environment = "dev"
  }

  private_subnets = ["subnet-0a000000000000001", "subnet-0a000000000000002", "subnet-0a000000000000003"]

  num_suffix_format = "-%d"
  multiple_instances = {
    0 = {
      num_suffix    = 1
      instance_type = "c5.large"
      subnet_id     = element(local.private_subnets, 0)
    }
    1 = {
      num_suffix    = 2
      instance_type = "c5.large"
      subnet_id     = element(local.private_subnets, 1)
    }
    2 = {
      num_suffix    = 3
      instance_type = "c5.large"
      subnet_id     = element(local.private_subnets, 2)
    }
  }
}

module "ec2_upgrade" {
  source = "./module"

  for_each = local.multiple_instances

  name = format("%s${local.num_suffix_format}", local.name, each.value.num_suffix)

  ami                         = "ami-0123456789abcdef0"
  instance_type               = each.value.instance_type
  subnet_id                   = each.value.subnet_id
  vpc_security_group_ids      = ["sg-0a000000000000001"]
  associate_public_ip_address = true

  tags = local.tags
}
