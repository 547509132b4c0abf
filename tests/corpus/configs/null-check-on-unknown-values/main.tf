# Lesson from terraform-aws-kms (`for_each = var.grants != null ? var.grants
# : {}` with grantees only known after apply): comparing with null looks at
# the value itself, not at the unknowns inside it, so the keys stay known.
resource "terraform_data" "role" {}

module "key" {
  source = "./grants"
  grants = {
    lambda = { grantee = terraform_data.role.id }
    admin  = { grantee = terraform_data.role.output, name = "ops" }
  }
}

module "no_grants" {
  source = "./grants"
}
