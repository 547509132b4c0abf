resource "terraform_data" "a" {
  lifecycle "x" {}
}
