resource "terraform_data" "inner" {}
