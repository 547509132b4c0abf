locals {
  a = local.b
  b = local.c
  c = local.a
}

resource "terraform_data" "x" {
  count = length(local.a)
}
