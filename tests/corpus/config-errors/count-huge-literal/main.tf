locals {
  n = 1e400
}

resource "terraform_data" "x" {
  count = local.n
}
