module "web" {
  source   = "./modules/web"
  for_each = toset(["blog", "docs"])
  name     = each.key
}
