resource "terraform_data" "job" {
  count = 2
  input = "f17-"
}

module "app" {
  source = "./modules/app"
  count = 1
}

module "net7" {
  source = "./modules/net"
  name = "a0-/${terraform_data.job[0].output}"
}

