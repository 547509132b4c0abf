moved {
  from = module.net[2].terraform_data.lb["a"]
  to   = module.net[2].terraform_data.log_1002["a"]
}

removed {
  from = module.net
  lifecycle {
    destroy = false
  }
}

removed {
  from = terraform_data.queue
  lifecycle {
    destroy = true
  }
}

