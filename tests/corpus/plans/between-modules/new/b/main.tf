resource "terraform_data" "keep" {
  input = "b"
}

resource "terraform_data" "y" {
  count = 2
  input = "x${count.index}"
}
