moved {
  from = terraform_data.key["x1"]
  to   = terraform_data.dns
}

removed {
  from = module.core.terraform_data.net
  lifecycle {
    destroy = false
  }
}

moved {
  from = terraform_data.key["x1"]
  to   = terraform_data.key[0]
}

