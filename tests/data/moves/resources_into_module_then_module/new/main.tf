module "b" {
  source = "./m"
}
moved {
  from = module.a
  to   = module.b
}
moved {
  from = terraform_data.x
  to   = module.a.terraform_data.x
}
moved {
  from = terraform_data.y
  to   = module.a.terraform_data.y
}
