module "core" {
  source = "./modules/core"
  name = "name-s"
  env = "env-s"
}

