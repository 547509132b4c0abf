# The data root after: the databases as one for_each resource, and the
# queue, which refers to the primary database by its new address.
resource "terraform_data" "marker" {
  input = "data"
}

locals {
  databases = {
    primary = { engine = "postgres", size = 100 }
    replica = { engine = "postgres", size = 50 }
  }
}

resource "terraform_data" "db" {
  for_each = local.databases
  input    = each.value
}

resource "terraform_data" "jobs" {
  input = { name = "jobs", dsn = terraform_data.db["primary"].id }
}
