removed {
  from = module.iam7.terraform_data.cache
  lifecycle {
    destroy = false
  }
}

removed {
  from = module.app
  lifecycle {
    destroy = true
  }
}

