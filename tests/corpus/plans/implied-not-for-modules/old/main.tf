module "m" {
  source = "./m"
  count  = 1
}

resource "terraform_data" "x" {
  count = 1
  input = "x"
}
