resource "terraform_data" "n" {
  for_each = toset(local.names)
}

locals {
  count = length(var.seed) + 1
}

variable "seed" {
  type    = list(number)
  default = [1, 2]
}

output "names" {
  value = local.names
}
