resource "terraform_data" "b" { count = 2 }
resource "terraform_data" "other" {}
moved {
  from = terraform_data.a
  to   = terraform_data.b
}
