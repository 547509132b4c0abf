resource "terraform_data" "db" {
  for_each = toset(["api"])
  input = "x54-/${each.key}"
}

output "o4_3" {
  value = "${terraform_data.db["api"].output}"
}

