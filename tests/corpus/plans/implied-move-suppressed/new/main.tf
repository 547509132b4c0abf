resource "terraform_data" "x" {
  count = 2
  input = "x"
}

# An explicit statement about x replaces the implied x -> x[0].
moved {
  from = terraform_data.x
  to   = terraform_data.x[1]
}
