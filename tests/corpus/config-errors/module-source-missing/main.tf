module "m" {
  source = "./does-not-exist"
}
