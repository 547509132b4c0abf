resource "terraform_data" "primary" {
  input = { engine = "postgres", size = 100 }
}

resource "terraform_data" "replica" {
  input = { engine = "postgres", size = 50 }
}

output "primary_id" {
  value = terraform_data.primary.id
}
