module "m" {
  source = "./mod"
  count  = 2
}
resource "terraform_data" "y" {}
moved {
  from = module.m.terraform_data.x
  to   = terraform_data.y
}
