module "core" {
  source = "./modules/core"
  name = "e90-"
  env = "h5-"
}

module "app" {
  source = "./modules/app"
}

