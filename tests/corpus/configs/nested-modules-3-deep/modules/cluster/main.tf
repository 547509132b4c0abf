variable "region" {
  type = string
}

variable "index" {
  type = number
}

module "node" {
  source   = "../node"
  for_each = toset(["x", "y"])
  label    = "${var.region}-${var.index}-${each.key}"
}

output "nodes" {
  value = [for n in module.node : n.label]
}
