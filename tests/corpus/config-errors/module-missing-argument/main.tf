module "m" {
  source = "./child"
}
