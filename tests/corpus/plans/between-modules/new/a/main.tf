resource "terraform_data" "keep" {
  input = "a"
}
