variable "name" {
  type = string
}

resource "terraform_data" "db" {
  for_each = toset(["a"])
  input = "b28-${var.name}/${each.key}/r"
}

output "o_key" {
  value = "r"
}

