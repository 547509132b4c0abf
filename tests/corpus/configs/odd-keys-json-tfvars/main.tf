# Keys that arrive through terraform.tfvars.json rather than HCL literals:
# a JSON-escaped "é", a NUL character, a lone combining mark, and keys that only
# differ in case or width. (A decomposed "e\u0301" next to "\u00e9" is an error,
# see config-errors/json-tfvars-nfc-duplicate-key.)
variable "sites" {
  type = map(string)
}

resource "terraform_data" "site" {
  for_each = var.sites
  input    = each.value
}

output "keys" {
  value = keys(var.sites)
}
