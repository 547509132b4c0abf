resource "terraform_data" "a" { count = 2 }
