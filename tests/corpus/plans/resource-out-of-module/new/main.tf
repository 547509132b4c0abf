module "storage" {
  source = "./storage"
}

resource "terraform_data" "db" {
  input = "db"
}

moved {
  from = module.storage.terraform_data.db
  to   = terraform_data.db
}
