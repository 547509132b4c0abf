resource "terraform_data" "a" {
  input = "x"
}

# error 1 (terraform reports this one): the removed resource is still declared
removed {
  from = terraform_data.a
  lifecycle {
    destroy = false
  }
}

# error 2 (reported only after configuration errors): a moved object that still exists
moved {
  from = terraform_data.a
  to   = terraform_data.b
}
