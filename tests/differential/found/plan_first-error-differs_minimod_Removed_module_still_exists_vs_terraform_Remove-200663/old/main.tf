resource "terraform_data" "log" {
  for_each = toset([])
  input = "l68-/r"
}

module "svc4" {
  source = "./modules/svc"
  for_each = {  }
  name = "c57-/r+m"
}

