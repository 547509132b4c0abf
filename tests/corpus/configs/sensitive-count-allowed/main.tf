# Unlike for_each, count accepts a sensitive number in terraform 1.11: the
# count is not part of any key text, only the positions are.
variable "n" {
  type      = number
  sensitive = true
  default   = 2
}

resource "terraform_data" "x" {
  count = var.n
}
