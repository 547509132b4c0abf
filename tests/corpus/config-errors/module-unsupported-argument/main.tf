module "m" {
  source = "./child"
  name   = "a"
  colour = "red"
}
