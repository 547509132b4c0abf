variable "teams" {
  type = list(string)
}

# A resource that does not feed the output, so the output stays known.
resource "terraform_data" "catalog" {
  input = var.teams
}

output "teams" {
  value = { for t in var.teams : t => ["${t}-lead", "${t}-member"] }
}
