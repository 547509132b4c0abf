module "app" {
  source = "./app"
}
