module "m" {
  source = "./m"
  count  = 1
}
