# Sensitive values at different depths, for the `sensitive_attributes`
# terraform records (record.sh applies this with terraform).
variable "password" {
  type      = string
  sensitive = true
  default   = "hunter2"
}

resource "terraform_data" "db" {
  input = { user = "admin", password = var.password }
}

resource "terraform_data" "whole" {
  input = var.password
}

resource "terraform_data" "collections" {
  input = {
    list = tolist(["open", var.password])
    map  = tomap({ open = "x", secret = var.password })
  }
}

resource "terraform_data" "plain" {
  input = "nothing secret"
}
