module "a" {
  source = "./m"
  count  = 2
}
