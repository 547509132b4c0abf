module "net" {
  source = "../net"
  name = "name-s"
}

output "o_lb" {
  value = "m"
}

output "o_log" {
  value = "m"
}

output "o_dns6" {
  value = "r"
}

