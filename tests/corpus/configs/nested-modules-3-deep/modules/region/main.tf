variable "name" {
  type = string
}

variable "clusters" {
  type = number
}

module "cluster" {
  source = "../cluster"
  count  = var.clusters
  region = var.name
  index  = count.index
}

resource "terraform_data" "region" {
  input = var.name
}

output "nodes" {
  value = flatten([for c in module.cluster : c.nodes])
}
