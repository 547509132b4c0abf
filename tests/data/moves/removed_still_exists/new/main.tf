resource "terraform_data" "a" {}
removed {
  from = terraform_data.a
}
