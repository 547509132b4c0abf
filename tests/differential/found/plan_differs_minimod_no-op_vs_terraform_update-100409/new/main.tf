resource "terraform_data" "db" {
  input = "edited-"
}

module "svc" {
  source = "./modules/svc"
  count = 1
  name = "h18-/${["m15"][count.index]}/${terraform_data.db.output}"
}

