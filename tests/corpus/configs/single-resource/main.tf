# The smallest case: one unkeyed resource in the root module.
resource "terraform_data" "only" {
  input = "hello"
}

output "input" {
  value = terraform_data.only.input
}
