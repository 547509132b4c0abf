resource "terraform_data" "y" {
  count = 2
}
