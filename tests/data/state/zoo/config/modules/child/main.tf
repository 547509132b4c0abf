resource "terraform_data" "inner" {
  input = { n = 1, tags = toset(["a", "b"]) }
}

module "leaf" {
  source = "../leaf"
  count  = 1
}
