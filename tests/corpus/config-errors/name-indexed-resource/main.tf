resource "terraform_data" "a[0]" {}
