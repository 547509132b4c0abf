resource "terraform_data" "keep" {
  input = "b"
}
