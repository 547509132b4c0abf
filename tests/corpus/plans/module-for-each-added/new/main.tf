module "net" {
  source   = "./net"
  for_each = { a = "10.0.0.0/16", b = "10.1.0.0/16" }
  cidr     = each.value
}

# The single instance becomes the "a" key; "b" is new.
moved {
  from = module.net
  to   = module.net["a"]
}
