variable "grants" {
  type = map(object({
    grantee = string
    name    = optional(string)
  }))
  default = null
}

resource "terraform_data" "grant" {
  for_each = var.grants != null ? var.grants : {}
  input    = each.value.grantee
}

# An object with other attributes can never equal an empty one.
resource "terraform_data" "non_empty" {
  count = var.grants == null ? 0 : (var.grants == {} ? 0 : 1)
}
