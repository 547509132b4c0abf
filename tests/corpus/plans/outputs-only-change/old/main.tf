resource "terraform_data" "a" {
  input = "x"
}

output "o" {
  value = { a = 1, b = "x" }
}
