provider "aws" {
  region = "eu-west-1"
}

module "web_sg" {
  source = "../../modules/aws-security-group"

  name        = "web"
  description = "web servers"
  vpc_id      = "vpc-0123456789abcdef0"

  ingress_cidr_blocks = ["10.0.0.0/16"]
  ingress_rules       = ["https-443-tcp", "http-80-tcp"]
  egress_rules        = ["all-all"]
}

module "db_sg" {
  source = "../../modules/aws-security-group"

  name        = "db"
  description = "databases"
  vpc_id      = "vpc-0123456789abcdef0"

  ingress_cidr_blocks = ["10.0.0.0/16"]
  ingress_rules       = ["postgresql-tcp"]
  egress_rules        = ["all-all"]
}
