resource "terraform_data" "keep" {
  input = "a"
}

resource "terraform_data" "x" {
  count = 2
  input = "x${count.index}"
}
