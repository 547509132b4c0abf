resource "terraform_data" "thing" {
  count = 2
}

output "ids" {
  value = terraform_data.thing[*].id
}
