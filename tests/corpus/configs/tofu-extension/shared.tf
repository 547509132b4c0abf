# No .tofu twin: both tools read it.
resource "terraform_data" "shared" {}
