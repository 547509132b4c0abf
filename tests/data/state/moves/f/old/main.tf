module "m" {
  source   = "./mod"
  for_each = toset(["p", "q"])
}
