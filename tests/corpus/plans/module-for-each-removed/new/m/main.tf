variable "name" {
  type = string
}

resource "terraform_data" "r" {
  input = var.name
}
