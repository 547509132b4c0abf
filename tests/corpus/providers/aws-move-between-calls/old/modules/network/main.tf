module "vpc" {
  source = "../../../../modules/aws-vpc"

  name           = "corpus"
  cidr           = "10.0.0.0/16"
  azs            = ["eu-west-1a"]
  public_subnets = ["10.0.101.0/24"]
}

output "vpc_id" {
  value = module.vpc.vpc_id
}

resource "aws_security_group" "bastion" {
  name        = "corpus-bastion"
  description = "SSH from the office"
  vpc_id      = module.vpc.vpc_id

  ingress {
    from_port   = 22
    to_port     = 22
    protocol    = "tcp"
    cidr_blocks = ["203.0.113.0/24"]
  }
}
