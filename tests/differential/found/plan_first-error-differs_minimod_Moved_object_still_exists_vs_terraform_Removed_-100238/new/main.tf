resource "terraform_data" "dns" {
  count = 1
  input = "x5-/${["q2"][count.index]}"
}

module "app" {
  source = "./modules/app"
  for_each = {  }
}

