resource "terraform_data" "b" {
  count = 1
}
moved {
  from = terraform_data.a
  to   = terraform_data.b[0]
}
