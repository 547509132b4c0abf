resource "terraform_data" "queue" {
  count = 0
  input = "r78-/${[][count.index]}"
}

module "net" {
  source = "./modules/net"
  count = 0
  name = "name-s"
}

