module "m" {
  source = "./m"
}
removed {
  from = module.m
}
