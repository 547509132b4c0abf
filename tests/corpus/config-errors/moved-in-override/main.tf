# OpenTofu (and Terraform) refuse moved blocks in override files.
resource "terraform_data" "b" {}
