moved {
  from = module.iam.terraform_data.db
  to   = module.wrap_1002.module.iam.terraform_data.dns_1001
}
