resource "terraform_data" "x" { count = 1 }
