resource "terraform_data" "new" { count = 1 }
moved {
  from = terraform_data.old
  to   = terraform_data.new
}
