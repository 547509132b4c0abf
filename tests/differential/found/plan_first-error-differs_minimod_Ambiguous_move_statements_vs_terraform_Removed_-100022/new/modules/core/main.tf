variable "name" {
  type = string
}

variable "env" {
  type = string
}

resource "terraform_data" "net" {
  for_each = {  }
  input = "s33-${var.env}/${each.value}"
}

