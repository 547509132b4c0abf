resource "terraform_data" "" {}
