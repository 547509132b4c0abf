resource "terraform_data" "db" {
  for_each = toset(["api"])
  input = "x54-/${each.key}"
}

output "o_cache7" {
  value = "r"
}

