module "m" {
  source = "./m"
  count  = 2
}
module "z" {
  source = "./m"
  count  = 0
}
