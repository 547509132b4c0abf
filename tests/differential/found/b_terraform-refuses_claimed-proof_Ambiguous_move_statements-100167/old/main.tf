module "iam" {
  source = "./modules/iam"
  count = 1
}

module "iam2" {
  source = "./modules/iam"
}

