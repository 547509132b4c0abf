module "app" {
  source = "../app"
  name = "a1-"
}

