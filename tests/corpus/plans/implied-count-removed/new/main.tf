# No moved block: x[0] is treated as x, also inside the module.
resource "terraform_data" "x" {
  input = "x"
}

module "m" {
  source = "./m"
}
