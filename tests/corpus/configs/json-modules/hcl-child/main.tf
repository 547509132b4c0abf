variable "label" {
  type = string
}

resource "terraform_data" "item" {
  input = var.label
}
