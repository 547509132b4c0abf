resource "terraform_data" "a" {}
