# The classic nested-loop pattern: flatten a map of networks with lists of
# subnets into one list, then key it into a map for for_each.
variable "networks" {
  type = map(object({
    cidr    = string
    subnets = list(string)
  }))
  default = {
    prod = { cidr = "10.0.0.0/16", subnets = ["web", "db"] }
    dev  = { cidr = "10.1.0.0/16", subnets = ["web"] }
    lab  = { cidr = "10.2.0.0/16", subnets = [] }
  }
}

locals {
  subnets = flatten([
    for net, cfg in var.networks : [
      for i, s in cfg.subnets : {
        key  = "${net}.${s}"
        net  = net
        cidr = cidrsubnet(cfg.cidr, 8, i)
      }
    ]
  ])
}

resource "terraform_data" "network" {
  for_each = var.networks
  input    = each.value.cidr
}

resource "terraform_data" "subnet" {
  for_each = { for s in local.subnets : s.key => s }
  input    = each.value.cidr
}

output "subnets" {
  value = { for k, s in terraform_data.subnet : k => s.input }
}
