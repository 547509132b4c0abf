module "edge" {
  source = "./modules/edge"
  for_each = { "y2" = "same" }
  name = "d71-/${each.value}+m"
  env = "v88-/${each.value}"
}

