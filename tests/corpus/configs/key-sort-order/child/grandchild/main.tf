resource "terraform_data" "leaf" {}
