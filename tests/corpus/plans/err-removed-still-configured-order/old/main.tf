resource "terraform_data" "log" {
  for_each = toset([])
  input    = "l"
}

module "app" {
  source   = "./modules/iam"
  for_each = toset([])
}

module "iam" {
  source = "./modules/iam"
}
