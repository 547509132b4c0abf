module "m" {
  source = "./m"
  name   = "a"
}

# Keep "a" as the single instance; "b" loses its configuration.
moved {
  from = module.m["a"]
  to   = module.m
}
