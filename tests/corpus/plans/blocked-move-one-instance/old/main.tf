resource "terraform_data" "a" {
  for_each = toset(["k1", "k2"])
  input    = "a-${each.key}"
}

resource "terraform_data" "b" {
  for_each = toset(["k2"])
  input    = "b-${each.key}"
}
