module "m" {
  source = "./m"
  count  = 4294967296
}
