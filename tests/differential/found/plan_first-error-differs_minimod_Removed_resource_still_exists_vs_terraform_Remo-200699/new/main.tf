module "iam" {
  source = "./modules/iam"
  name = "u4-"
  env = "s69-"
}

module "core" {
  source = "./modules/core"
  count = 0
}

