removed {
  from = module.edge
  lifecycle {
    destroy = false
  }
}

removed {
  from = module.edge.terraform_data.lb
  lifecycle {
    destroy = true
  }
}
