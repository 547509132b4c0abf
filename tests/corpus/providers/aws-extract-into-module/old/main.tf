provider "aws" {
  region = "eu-west-1"
}

module "vpc" {
  source = "../../modules/aws-vpc"

  name           = "corpus"
  cidr           = "10.0.0.0/16"
  azs            = ["eu-west-1a", "eu-west-1b"]
  public_subnets = ["10.0.101.0/24", "10.0.102.0/24"]
}

resource "aws_security_group" "web" {
  name        = "corpus-web"
  description = "HTTPS from anywhere"
  vpc_id      = module.vpc.vpc_id

  tags = {
    Name = "corpus-web"
  }
}

resource "aws_vpc_security_group_ingress_rule" "https" {
  security_group_id = aws_security_group.web.id
  cidr_ipv4         = "0.0.0.0/0"
  from_port         = 443
  to_port           = 443
  ip_protocol       = "tcp"
}

resource "aws_vpc_security_group_egress_rule" "all" {
  security_group_id = aws_security_group.web.id
  cidr_ipv4         = "0.0.0.0/0"
  ip_protocol       = "-1"
}
