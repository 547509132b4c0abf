module "m" {
  source = "./mod"
  count  = 2
}
