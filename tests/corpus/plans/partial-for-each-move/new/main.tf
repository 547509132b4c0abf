resource "terraform_data" "store" {
  for_each = toset(["logs"])
  input    = each.key
}

# Only "logs" moves; "media" and "tmp" lose their configuration.
moved {
  from = terraform_data.bucket["logs"]
  to   = terraform_data.store["logs"]
}
