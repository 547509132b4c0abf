resource "terraform_data" "c" {}
moved {
  from = terraform_data.b
  to   = terraform_data.c
}
moved {
  from = terraform_data.a
  to   = terraform_data.b
}
