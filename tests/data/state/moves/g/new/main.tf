module "n" {
  source = "./mod"
  count  = 1
}
moved {
  from = terraform_data.a
  to   = module.n[0].terraform_data.a
}
