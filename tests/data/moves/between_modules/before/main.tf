module "x" {
  source = "./m"
}
