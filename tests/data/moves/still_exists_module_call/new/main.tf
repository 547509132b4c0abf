module "a" {
  source = "./m"
}
module "b" {
  source = "./m"
}
moved {
  from = module.a
  to   = module.b
}
