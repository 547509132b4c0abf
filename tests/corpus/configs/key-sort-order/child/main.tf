resource "terraform_data" "z" {}
resource "terraform_data" "a" {}

module "deeper" {
  source = "./grandchild"
  count  = 2
}
