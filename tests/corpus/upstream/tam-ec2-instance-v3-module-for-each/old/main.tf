# The UPGRADE-3.0.md "Before 2.x Example": three instances from one call
# with instance_count. Literals stand for the AMI, the VPC's private
# subnets and the security group the guide takes from a data source and
# registry modules.
provider "aws" {
  region = "eu-west-1"
}

locals {
  name = "example-ec2-complete"
  tags = {
    Owner       = "user"
    Environment = "dev"
  }
}

module "ec2_upgrade" {
  source = "./module"

  instance_count = 3

  name                        = local.name
  ami                         = "ami-0123456789abcdef0"
  instance_type               = "c5.large"
  subnet_ids                  = ["subnet-0a000000000000001", "subnet-0a000000000000002", "subnet-0a000000000000003"]
  vpc_security_group_ids      = ["sg-0a000000000000001"]
  associate_public_ip_address = true

  tags = local.tags
}
