variable "in" {
  type = string
}

resource "terraform_data" "inner" {
  input = upper(var.in)
}

output "out" {
  value = terraform_data.inner.output
}
