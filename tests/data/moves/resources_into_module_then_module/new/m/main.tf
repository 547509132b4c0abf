resource "terraform_data" "x" {}
resource "terraform_data" "y" {}
