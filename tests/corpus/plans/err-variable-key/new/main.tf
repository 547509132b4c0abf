variable "k" {
  type    = number
  default = 0
}

resource "terraform_data" "b" {
  count = 2
  input = count.index
}

moved {
  from = terraform_data.a[var.k]
  to   = terraform_data.b[0]
}
