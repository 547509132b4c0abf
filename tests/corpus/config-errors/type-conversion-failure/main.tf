variable "n" {
  type = number
}

resource "terraform_data" "x" {
  count = var.n
}
