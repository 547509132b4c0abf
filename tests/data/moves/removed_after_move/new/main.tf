moved {
  from = terraform_data.a
  to   = terraform_data.b
}
removed {
  from = terraform_data.b
  lifecycle {
    destroy = false
  }
}
