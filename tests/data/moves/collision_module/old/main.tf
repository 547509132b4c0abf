module "a" {
  source = "./m"
}
module "b" {
  source = "./m"
}
