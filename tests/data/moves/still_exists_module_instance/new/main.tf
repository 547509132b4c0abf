module "a" {
  source = "./m"
  for_each = toset(["k"])
}
module "b" {
  source = "./m"
}
moved {
  from = module.a["k"]
  to   = module.b
}
