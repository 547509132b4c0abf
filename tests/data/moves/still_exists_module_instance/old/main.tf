module "a" {
  source = "./m"
  for_each = toset(["k"])
}
