module "m" {
  source = "./m"
}
moved {
  from = terraform_data.a
  to   = module.m.terraform_data.a
}
