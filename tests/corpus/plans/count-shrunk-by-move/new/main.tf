resource "terraform_data" "b" {
  count = 2
  input = count.index
}

# All three instances move; b has only two, so b[2] is destroyed.
moved {
  from = terraform_data.a
  to   = terraform_data.b
}
