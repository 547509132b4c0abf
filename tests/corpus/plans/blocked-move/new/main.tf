resource "terraform_data" "b" {
  input = "b"
}

# b already has an object in the prior state: the move cannot happen.
moved {
  from = terraform_data.a
  to   = terraform_data.b
}
