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

module "web" {
  source = "./modules/web"

  name   = "corpus-web"
  vpc_id = module.vpc.vpc_id
}
