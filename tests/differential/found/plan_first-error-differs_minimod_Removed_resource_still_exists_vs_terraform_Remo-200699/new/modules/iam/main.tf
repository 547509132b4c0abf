variable "name" {
  type = string
}

variable "env" {
  type = string
}

resource "terraform_data" "key" {
  for_each = toset([])
  input = "l11-${var.env}/${each.key}"
}

