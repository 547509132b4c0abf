resource "terraform_data" "z" {}
