resource "terraform_data" "count" {
  count = 1
}
moved {
  from = terraform_data.count
  to   = terraform_data.count[0]
}
