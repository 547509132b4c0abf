resource "terraform_data" "keep" {
  input = "keep"
}

# b is not declared: the object moves to b and is then destroyed there.
moved {
  from = terraform_data.a
  to   = terraform_data.b
}
