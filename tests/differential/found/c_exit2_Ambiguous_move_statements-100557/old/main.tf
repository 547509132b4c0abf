module "core" {
  source = "./modules/core"
  name = "k35-"
}

module "iam" {
  source = "./modules/iam"
  for_each = { "green" = "v67" }
  name = "x83-"
  env = "l8-/${each.value}"
}

