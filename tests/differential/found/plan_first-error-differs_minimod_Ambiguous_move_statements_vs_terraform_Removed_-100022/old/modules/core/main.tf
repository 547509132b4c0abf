variable "name" {
  type = string
}

variable "env" {
  type = string
}

resource "terraform_data" "net" {
  count = 0
  input = "s33-${var.env}/${[][count.index]}"
}

