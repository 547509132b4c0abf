module "net" {
  source = "../net"
  name = "name-s"
}

output "o_lb" {
  value = "r"
}

output "o_log" {
  value = "r"
}

output "o_dns6" {
  value = "r"
}

