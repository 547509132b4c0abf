provider "aws" {
  region = "eu-west-1"
}

module "vpc" {
  source = "../../modules/aws-vpc"

  name           = "corpus"
  cidr           = "10.0.0.0/16"
  azs            = ["eu-west-1a", "eu-west-1b", "eu-west-1c"]
  public_subnets = ["10.0.101.0/24", "10.0.102.0/24", "10.0.103.0/24"]
}
