module "app" {
  source = "./modules/app"
  for_each = toset([])
  name = "m77-+m"
  env = "s84-/${each.key}"
}

module "iam7" {
  source = "./modules/iam"
  name = "name-s"
  env = "env-s"
}

