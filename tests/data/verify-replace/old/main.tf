module "app_v1" {
  source = "./app"
}
