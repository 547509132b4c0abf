resource "terraform_data" "x" {}
module "c" {
  source = "./c"
}
