resource "terraform_data" "b" {}
moved "x" {
  from = terraform_data.a
  to   = terraform_data.b
}
