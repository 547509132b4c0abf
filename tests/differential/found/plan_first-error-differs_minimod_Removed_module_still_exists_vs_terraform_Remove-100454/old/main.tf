resource "terraform_data" "queue" {
  for_each = toset([])
  input = "r78-/${each.key}"
}

module "net" {
  source = "./modules/net"
  count = 0
  name = "name-s"
}

