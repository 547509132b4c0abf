resource "terraform_data" "cache" {
  input = "c"
}
