module "a" {
  source = "./a"
}

module "b" {
  source = "./b"
}
