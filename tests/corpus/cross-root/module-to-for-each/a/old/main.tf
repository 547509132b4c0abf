# The platform root before: two databases through a local module, and a
# queue that refers to the primary one.
module "db" {
  source = "./modules/db"
}

resource "terraform_data" "queue" {
  input = { name = "jobs", dsn = module.db.primary_id }
}

resource "terraform_data" "dns" {
  input = "platform.example.com"
}
