resource "terraform_data" "b" {}
removed {
  from = terraform_data.a
}
