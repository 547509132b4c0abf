module "outer" {
  source = "./outer"
}
