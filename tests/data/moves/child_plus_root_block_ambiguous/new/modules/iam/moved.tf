moved {
  from = terraform_data.db
  to   = terraform_data.dns_1001
}
