resource "terraform_data" "y" {}
