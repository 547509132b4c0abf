# setproduct of two lists keyed by a joined string; a module call per pair.
variable "envs" {
  type    = list(string)
  default = ["prod", "dev"]
}

variable "regions" {
  type    = list(string)
  default = ["us", "eu", "ap"]
}

locals {
  pairs = { for p in setproduct(var.envs, var.regions) : join("/", p) => { env = p[0], region = p[1] } }
}

resource "terraform_data" "pair" {
  for_each = local.pairs
  input    = each.value
}

module "deploy" {
  source   = "./deploy"
  for_each = { for k, v in local.pairs : k => v if v.env == "prod" }
  region   = each.value.region
}

output "keys" {
  value = keys(local.pairs)
}
