resource "terraform_data" "leafres" {
  for_each = toset(["k"])
  input    = null
}
