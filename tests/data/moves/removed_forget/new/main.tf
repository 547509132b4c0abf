removed {
  from = terraform_data.a
  lifecycle {
    destroy = false
  }
}
