# Object keys in JSON are NFC-normalised too, so "caf\u00e9" and "cafe\u0301"
# are the same key: "Duplicate object attribute".
variable "sites" {
  type    = map(string)
  default = {}
}

resource "terraform_data" "site" {
  for_each = var.sites
  input    = each.value
}

output "keys" {
  value = keys(var.sites)
}
