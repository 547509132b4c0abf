resource "terraform_data" "x" {
  for_each = null
}
