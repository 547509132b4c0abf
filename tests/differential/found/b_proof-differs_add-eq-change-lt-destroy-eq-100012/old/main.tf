resource "terraform_data" "queue" {
  input = "e48-/r+${module.app["x1"].o_api}"
}

module "app" {
  source = "./modules/app"
  for_each = toset(["x1"])
}

