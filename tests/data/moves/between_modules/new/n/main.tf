resource "terraform_data" "b" {}
