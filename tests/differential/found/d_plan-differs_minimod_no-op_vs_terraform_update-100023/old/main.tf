module "app" {
  source = "./modules/app"
  name = "z8-/r"
}

module "edge" {
  source = "./modules/edge"
  name = "o30-+${module.app.o_db}"
}

