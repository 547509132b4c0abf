module "core" {
  source = "./modules/core"
  name = "name-s"
  env = "env-s"
}

module "iam" {
  source = "./modules/iam"
  name = "name-s"
}

module "core5" {
  source = "./modules/core"
  name = "u54-"
  env = "k58-/r"
}

