removed {
  from = module.edge
  lifecycle {
    destroy = true
  }
}

removed {
  from = module.edge.terraform_data.lb
  lifecycle {
    destroy = false
  }
}
