module "m" {
  source = "./m"
  count  = 1
}
moved {
  from = module.m
  to   = module.m[0]
}
