# The same resource declared in two files of one module.
resource "terraform_data" "x" {}
