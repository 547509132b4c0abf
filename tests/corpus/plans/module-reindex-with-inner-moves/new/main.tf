locals {
  names = ["web", "worker"]
}

module "svc" {
  source   = "./svc"
  for_each = toset(local.names)
  name     = each.key
}

moved {
  from = module.svc[0]
  to   = module.svc["web"]
}

moved {
  from = module.svc[1]
  to   = module.svc["worker"]
}
