module "count" {
  source = "./m"
}
