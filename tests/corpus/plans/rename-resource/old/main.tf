resource "terraform_data" "a" {
  input = "hello"
}
