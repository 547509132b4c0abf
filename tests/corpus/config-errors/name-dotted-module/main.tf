module "a.b" {
  source = "./child"
}
