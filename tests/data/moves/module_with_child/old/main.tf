module "a" {
  source = "./m"
}
