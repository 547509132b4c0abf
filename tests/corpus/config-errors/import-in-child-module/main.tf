module "child" {
  source = "./child"
}
