module "c" {
  source   = "./mod"
  for_each = toset(["a", "b$${x}"])
}
