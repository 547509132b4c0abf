resource "terraform_data" "a" {
  count = 2
}
resource "terraform_data" "b" {}
moved {
  from = terraform_data.a[1]
  to   = terraform_data.b
}
