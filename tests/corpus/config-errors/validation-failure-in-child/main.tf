# The child's rule rejects a value that came from the caller's each.key.
module "web" {
  source   = "./web"
  for_each = toset(["ok", "Not-OK"])
  name     = each.key
}
