module "iam" {
  source = "./modules/iam"
  for_each = { "green" = "v67" }
  name = "x83-"
  env = "l8-/${each.value}"
}

module "iam_1002" {
  source = "./modules/iam"
  name = "n95-k35-/r"
  env = "s62-k35-"
}

