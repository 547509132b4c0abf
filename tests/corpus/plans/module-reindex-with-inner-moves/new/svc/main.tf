variable "name" {
  type = string
}

resource "terraform_data" "service" {
  input = var.name
}

# Declared in the child: applies inside every instance of the module.
moved {
  from = terraform_data.task
  to   = terraform_data.service
}
