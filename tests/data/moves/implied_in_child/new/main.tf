module "m" {
  source = "./m"
  count  = 2
}
