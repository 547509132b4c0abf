resource "terraform_data" "b" {}
moved {
  from = terraform_data.a
  to   = terraform_data.b
}
