removed {
  from = module.svc4
  lifecycle {
    destroy = false
  }
}

removed {
  from = terraform_data.log
  lifecycle {
    destroy = false
  }
}

