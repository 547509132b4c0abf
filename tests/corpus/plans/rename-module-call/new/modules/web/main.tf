variable "name" {
  type = string
}

resource "terraform_data" "page" {
  count = 2
  input = "${var.name}-${count.index}"
}
