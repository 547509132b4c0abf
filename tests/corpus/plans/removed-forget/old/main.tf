resource "terraform_data" "legacy" {
  input = "legacy"
}

module "old" {
  source = "./old"
}

resource "terraform_data" "keep" {
  input = "keep"
}
