variable "name" {
  type = string
}

resource "terraform_data" "net" {
  input = "y96-${var.name}"
}

