resource "terraform_data" "a" {}
resource "terraform_data" "z" {}
moved {
  from = terraform_data.y
  to   = terraform_data.z
}
