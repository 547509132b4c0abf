# Only outputs change: no resource actions, and terraform says the plan
# would save the new values.
resource "terraform_data" "a" {
  input = "x"
}

output "o" {
  value = { a = 2, b = "x" }
}

output "id" {
  value = terraform_data.a.id
}
