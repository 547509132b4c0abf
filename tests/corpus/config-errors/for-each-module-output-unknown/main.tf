# A module output carrying resource ids is unknown during plan.
module "svc" {
  source = "./svc"
}

resource "terraform_data" "x" {
  for_each = toset(module.svc.ids)
}
