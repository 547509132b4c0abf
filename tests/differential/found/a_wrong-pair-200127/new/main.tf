module "iam" {
  source = "./modules/iam"
  count = 1
  name = "e64-/${["a"][count.index]}"
  env = "n26-/${["a"][count.index]}"
}

