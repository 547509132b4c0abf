module "m" {
  source = "./child"
}

module "m" {
  source = "./child"
}
