module "storage" {
  source = "./storage"
}

resource "terraform_data" "app" {
  input = "app"
}

moved {
  from = terraform_data.db
  to   = module.storage.terraform_data.db
}
