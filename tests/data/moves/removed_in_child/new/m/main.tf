resource "terraform_data" "y" {}
removed {
  from = terraform_data.x
}
