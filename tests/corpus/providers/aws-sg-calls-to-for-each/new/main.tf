provider "aws" {
  region = "eu-west-1"
}

locals {
  groups = {
    web = {
      description = "web servers"
      rules       = ["https-443-tcp", "http-80-tcp"]
    }
    db = {
      description = "databases"
      rules       = ["postgresql-tcp"]
    }
  }
}

module "sg" {
  source   = "../../modules/aws-security-group"
  for_each = local.groups

  name        = each.key
  description = each.value.description
  vpc_id      = "vpc-0123456789abcdef0"

  ingress_cidr_blocks = ["10.0.0.0/16"]
  ingress_rules       = each.value.rules
  egress_rules        = ["all-all"]
}
