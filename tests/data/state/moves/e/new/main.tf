module "m" {
  source = "./mod"
  count  = 2
}
moved {
  from = module.m[0].terraform_data.x
  to   = module.m[0].terraform_data.z
}
