module "core" {
  source = "../core"
  name = "name-s"
}

