# A sensitive collection's keys would be printed in addresses.
variable "secrets" {
  type      = map(string)
  sensitive = true
  default   = { a = "1" }
}

resource "terraform_data" "x" {
  for_each = var.secrets
}
