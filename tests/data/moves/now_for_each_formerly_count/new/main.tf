resource "terraform_data" "a" {
  for_each = toset(["0"])
}
