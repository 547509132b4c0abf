# The data root after it: it takes over the database and the cache.
resource "terraform_data" "network" {
  input = { cidr = "10.0.0.0/16" }
}

resource "terraform_data" "database" {
  input = { engine = "postgres", size = 100 }
}

module "cache" {
  source = "./modules/cache"
  nodes  = 2
}
