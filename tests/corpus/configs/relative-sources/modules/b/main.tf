variable "tag" {
  type = string
}

module "c" {
  source = "./c"
  count  = var.tag == "again" ? 2 : 1
}

resource "terraform_data" "b" {
  input = var.tag
}
