# Three levels of module calls, alternating for_each and count, with
# resources at every level: region (for_each) > cluster (count) > node (for_each).
variable "regions" {
  type = map(number)
  default = {
    us = 1
    eu = 2
  }
}

module "region" {
  source   = "./modules/region"
  for_each = var.regions
  name     = each.key
  clusters = each.value
}

resource "terraform_data" "root" {}

output "region_nodes" {
  value = { for k, m in module.region : k => m.nodes }
}
