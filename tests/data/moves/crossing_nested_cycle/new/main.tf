resource "terraform_data" "a" {}
module "count" {
  source = "./m"
  count  = 1
}
moved {
  from = module.nonexist.terraform_data.single
  to   = module.count[0].terraform_data.count[0]
}
moved {
  from = module.nonexist
  to   = module.count[0]
}
