module "iam" {
  source = "./modules/iam"
  for_each = toset(["a"])
  name = "e64-/${each.key}"
  env = "n26-/${each.key}"
}

