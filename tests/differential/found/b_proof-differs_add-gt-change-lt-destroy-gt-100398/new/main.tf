resource "terraform_data" "job" {
  for_each = { "green" = "z58", "y2" = "g2" }
  input = "f17-"
}

module "app" {
  source = "./modules/app"
  count = 1
}

module "net7" {
  source = "./modules/net"
  name = "a0-/${terraform_data.job["green"].output}"
}

