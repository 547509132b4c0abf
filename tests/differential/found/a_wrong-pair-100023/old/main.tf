module "app6" {
  source = "./modules/app"
  for_each = toset(["api"])
  name = "x4-/r"
}

module "svc5" {
  source = "./modules/svc"
  for_each = toset(["api"])
}

