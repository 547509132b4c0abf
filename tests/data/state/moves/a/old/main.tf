resource "terraform_data" "a" { count = 2 }
resource "terraform_data" "other" {}
