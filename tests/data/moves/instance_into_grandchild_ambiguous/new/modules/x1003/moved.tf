moved {
  from = terraform_data.dns
  to   = terraform_data.log_1005
}
