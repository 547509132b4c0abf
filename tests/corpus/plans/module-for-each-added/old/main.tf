module "net" {
  source = "./net"
}
