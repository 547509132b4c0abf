resource "terraform_data" "gone" {
  count = 2
  input = "gone${count.index}"
}

resource "terraform_data" "keep" {
  input = "keep"
}
