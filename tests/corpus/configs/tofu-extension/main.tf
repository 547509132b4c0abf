# Terraform reads this file; OpenTofu ignores it because main.tofu exists.
resource "terraform_data" "app" {
  count = 1
}

resource "terraform_data" "tf_only" {}
