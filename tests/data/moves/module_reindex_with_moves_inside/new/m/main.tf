resource "terraform_data" "y" {}
moved {
  from = terraform_data.x
  to   = terraform_data.y
}
