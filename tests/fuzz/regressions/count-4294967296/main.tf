resource "terraform_data" "a" {
  count = 4294967296
}
