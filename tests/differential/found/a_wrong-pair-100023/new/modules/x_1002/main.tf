resource "terraform_data" "db" {
  input = "x41-"
}

output "o13_0" {
  value = "${terraform_data.db.output}"
}

