# A root variable without a default needs a value.
variable "n" {
  type = number
}

resource "terraform_data" "x" {
  count = var.n
}
