removed {
  from = module.app
  lifecycle {
    destroy = false
  }
}

moved {
  from = terraform_data.dns[0]
  to   = module.core5.terraform_data.log
}

