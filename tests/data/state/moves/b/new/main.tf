resource "terraform_data" "a" { count = 2 }
moved {
  from = terraform_data.a
  to   = terraform_data.a[1]
}
