module "iam" {
  source = "../iam"
  count = 1
}

