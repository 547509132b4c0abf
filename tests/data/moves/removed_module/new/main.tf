removed {
  from = module.m
  lifecycle {
    destroy = false
  }
}
