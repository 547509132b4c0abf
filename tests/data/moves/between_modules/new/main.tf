module "y" {
  source = "./n"
}
moved {
  from = module.x.terraform_data.a
  to   = module.y.terraform_data.b
}
