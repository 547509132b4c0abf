resource "terraform_data" "api" {
  input = "a5-"
}

output "o_api" {
  value = "${terraform_data.api.output}"
}

