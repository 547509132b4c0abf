module "b" {
  source = "./m"
}
moved {
  from = terraform_data.x
  to   = module.b.terraform_data.x
}
moved {
  from = module.a
  to   = module.b
}
