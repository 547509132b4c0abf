variable "cidr" {
  type    = string
  default = "10.0.0.0/16"
}

resource "terraform_data" "vpc" {
  input = var.cidr
}

resource "terraform_data" "subnet" {
  count = 2
  input = cidrsubnet(var.cidr, 8, count.index)
}
