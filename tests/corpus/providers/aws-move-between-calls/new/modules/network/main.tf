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
