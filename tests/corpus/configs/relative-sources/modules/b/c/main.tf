resource "terraform_data" "c" {}
