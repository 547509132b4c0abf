module "svc_1004" {
  source = "./modules/iam"
}

module "wrap_1003" {
  source = "./modules/w_1002"
}

