module "core" {
  source = "../inner"
}
