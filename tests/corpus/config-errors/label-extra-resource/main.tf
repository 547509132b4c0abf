resource "terraform_data" "a" "b" {}
