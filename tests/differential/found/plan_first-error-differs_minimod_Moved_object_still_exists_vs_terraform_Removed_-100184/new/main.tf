module "app" {
  source = "./modules/app"
}

