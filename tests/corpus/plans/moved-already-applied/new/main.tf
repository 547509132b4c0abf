resource "terraform_data" "b" {
  input = "b"
}

# Nothing is at a any more: the statement has nothing to do.
moved {
  from = terraform_data.a
  to   = terraform_data.b
}
