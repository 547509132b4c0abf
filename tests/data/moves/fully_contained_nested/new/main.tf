module "count" {
  source = "./m"
  count  = 1
}
moved {
  from = module.count
  to   = module.count[0]
}
