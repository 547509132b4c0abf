# count removed from both without moved blocks: the resource gets an
# implied move, the module call does not.
module "m" {
  source = "./m"
}

resource "terraform_data" "x" {
  input = "x"
}
