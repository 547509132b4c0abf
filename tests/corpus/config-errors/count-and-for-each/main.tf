resource "terraform_data" "x" {
  count    = 1
  for_each = toset(["a"])
}
