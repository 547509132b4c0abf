variable "name" {
  type = string
}

resource "terraform_data" "db" {
  input = "x41-"
}

output "o_db" {
  value = "${terraform_data.db.output}"
}

