resource "terraform_data" "api" {
  input = "edited-"
}

output "o_api" {
  value = "${terraform_data.api.output}"
}

