provider "aws" {
  region = "eu-west-1"
}

module "storage" {
  source = "./modules/storage"

  name = "corpus-logs"
}
