resource "terraform_data" "bucket" {
  for_each = toset(["logs", "media", "tmp"])
  input    = each.key
}
