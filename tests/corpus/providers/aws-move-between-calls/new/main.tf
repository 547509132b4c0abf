provider "aws" {
  region = "eu-west-1"
}

module "network" {
  source = "./modules/network"
}

module "access" {
  source = "./modules/access"

  vpc_id = module.network.vpc_id
}
