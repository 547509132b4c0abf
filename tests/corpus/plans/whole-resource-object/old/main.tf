resource "terraform_data" "a" {
  input = "x"
}

resource "terraform_data" "n" {
}
