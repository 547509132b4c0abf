# The application root before the refactor: it also holds the data tier.
resource "terraform_data" "app" {
  input = { name = "app", replicas = 3 }
}

resource "terraform_data" "db" {
  input = { engine = "postgres", size = 100 }
}

resource "terraform_data" "cache" {
  count = 2
  input = { role = "cache", node = count.index }
}
