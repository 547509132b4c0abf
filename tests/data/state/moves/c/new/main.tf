module "n" {
  source = "./mod"
  count  = 2
}
resource "terraform_data" "stay" {}
moved {
  from = module.m
  to   = module.n
}
