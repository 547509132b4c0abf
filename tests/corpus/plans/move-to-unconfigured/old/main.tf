resource "terraform_data" "a" {
  input = "a"
}

resource "terraform_data" "keep" {
  input = "keep"
}
