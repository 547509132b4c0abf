variable "from_left" {
  type = list(string)
}

resource "terraform_data" "item" {
  count = length(var.from_left)
}

output "doubled" {
  value = [for s in var.from_left : "${s}${s}"]
}
