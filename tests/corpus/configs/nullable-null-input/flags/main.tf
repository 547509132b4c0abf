variable "create" {
  type     = bool
  default  = true
  nullable = false
}

variable "label" {
  type    = string
  default = "default-label"
}

variable "replicas" {
  type     = number
  default  = 3
  nullable = false
}

resource "terraform_data" "node" {
  count = var.create ? var.replicas : 0
  input = var.label
}

resource "terraform_data" "unlabelled" {
  count = var.label == null ? 1 : 0
}

output "seen" {
  value = {
    create   = var.create
    label    = var.label == null ? "null" : var.label
    replicas = var.replicas
  }
}
