resource "terraform_data" "old" { count = 1 }
