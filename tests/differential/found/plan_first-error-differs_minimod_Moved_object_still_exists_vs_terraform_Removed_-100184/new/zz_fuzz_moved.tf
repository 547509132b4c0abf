moved {
  from = module.app.module.core.terraform_data.net
  to   = module.core2.terraform_data.net
}

removed {
  from = module.app.module.core.terraform_data.net
  lifecycle {
    destroy = true
  }
}

