resource "terraform_data" "y" {
  count = 1
  input = "y"
}
