variable "name" {
  type = string
}

resource "terraform_data" "task" {
  input = var.name
}
