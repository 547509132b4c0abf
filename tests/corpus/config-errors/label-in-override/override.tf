resource "terraform_data" {}
