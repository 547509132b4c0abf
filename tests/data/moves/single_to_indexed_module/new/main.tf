module "b" {
  source   = "./m"
  for_each = toset(["k"])
}
moved {
  from = module.a
  to   = module.b["k"]
}
