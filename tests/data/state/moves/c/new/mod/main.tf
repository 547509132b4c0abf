resource "terraform_data" "x" { for_each = toset(["k", "l"]) }
