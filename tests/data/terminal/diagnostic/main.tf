resource "terraform_data" "x" {
  count = var.nope
}
