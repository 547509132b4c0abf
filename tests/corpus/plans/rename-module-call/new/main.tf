module "site" {
  source   = "./modules/web"
  for_each = toset(["blog", "docs"])
  name     = each.key
}

moved {
  from = module.web
  to   = module.site
}
