module "storage" {
  source = "./storage"
}
