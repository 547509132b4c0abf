module "site" {
  source   = "./site"
  for_each = toset(["blog", "docs", "shop"])
  name     = each.key
}
