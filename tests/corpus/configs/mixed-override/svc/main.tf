resource "terraform_data" "svc" {}
