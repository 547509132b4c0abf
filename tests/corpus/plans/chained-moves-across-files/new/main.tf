resource "terraform_data" "c" {
  input = "a"
}
