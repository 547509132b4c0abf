# terraform_data's schema is built in: a reference to an attribute it
# lacks is refused before planning, with the nearest name.
resource "terraform_data" "a" {
  count = 2
  input = "x"
}

resource "terraform_data" "b" {
  input = terraform_data.a[0].outptu
}
