variable "from_right" {
  type = list(string)
}

resource "terraform_data" "item" {
  for_each = toset(var.from_right)
}

output "static" {
  value = ["p", "q"]
}
