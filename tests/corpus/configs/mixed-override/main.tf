# Native and JSON files in one module, plus two override files applied in
# lexical order (override.tf, then x_override.tf.json), each replacing
# meta-arguments of blocks declared elsewhere.
variable "names" {
  type    = list(string)
  default = ["base"]
}

resource "terraform_data" "web" {
  count = 2
}

module "svc" {
  source   = "./svc"
  for_each = toset(["a", "b"])
}

resource "terraform_data" "named" {
  for_each = toset(var.names)
}
