resource "terraform_data" "count" {}
