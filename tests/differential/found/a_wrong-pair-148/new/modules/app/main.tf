module "app_1006" {
  source = "../x_1005"
}

output "o_cache7" {
  value = "r"
}

