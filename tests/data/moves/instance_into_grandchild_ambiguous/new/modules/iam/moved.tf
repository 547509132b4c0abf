moved {
  from = terraform_data.dns
  to   = module.grp_1003.terraform_data.log_1005
}
