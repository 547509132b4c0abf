locals {
  names = ["web", "worker"]
}

module "svc" {
  source = "./svc"
  count  = length(local.names)
  name   = local.names[count.index]
}
