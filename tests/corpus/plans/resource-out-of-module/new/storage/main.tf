resource "terraform_data" "cache" {
  input = "cache"
}
