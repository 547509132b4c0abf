resource "terraform_data" "b" {
  count = 2
}
moved {
  from = terraform_data.a
  to   = terraform_data.b
}
