variable "n" {
  type = number
}

resource "terraform_data" "thing" {
  count = var.n
}

output "n" {
  value = var.n
}

output "ids" {
  value = terraform_data.thing[*].id
}
