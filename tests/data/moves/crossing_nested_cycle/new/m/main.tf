resource "terraform_data" "count" {
  count = 1
}
