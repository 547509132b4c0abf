module "m" {
  source   = "./mod"
  for_each = toset(["p"])
}
module "k" {
  source = "./mod"
}
moved {
  from = module.m["q"]
  to   = module.k
}
