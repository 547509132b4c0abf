resource "terraform_data" "b" {
  for_each = toset(["k1", "k2"])
  input    = "b-${each.key}"
}

# a["k1"] moves; a["k2"] is blocked by the existing b["k2"].
moved {
  from = terraform_data.a
  to   = terraform_data.b
}
