resource "terraform_data" "lb" {
  for_each = { "b" = "h38" }
  input = "d79-/${each.value}"
}

