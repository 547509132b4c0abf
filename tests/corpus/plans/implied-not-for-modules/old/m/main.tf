resource "terraform_data" "r" {
  input = "r"
}
