removed {
  from = module.iam.terraform_data.key
  lifecycle {
    destroy = true
  }
}

removed {
  from = module.core
  lifecycle {
    destroy = false
  }
}

