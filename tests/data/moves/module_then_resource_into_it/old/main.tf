resource "terraform_data" "x" {}
module "a" {
  source = "./m"
}
