resource "terraform_data" "x" {
  input = each.key
}
