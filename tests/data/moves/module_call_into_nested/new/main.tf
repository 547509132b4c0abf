module "b" {
  source = "./n"
}
moved {
  from = module.a
  to   = module.b.module.a
}
