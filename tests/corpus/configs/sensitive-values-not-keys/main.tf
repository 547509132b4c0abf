# for_each rejects a sensitive collection, but a map whose *values* are
# sensitive is fine: the keys are not marked. nonsensitive() on a whole
# sensitive map also makes it usable.
variable "passwords" {
  type      = map(string)
  sensitive = true
  default = {
    alice = "a-secret"
    bob   = "b-secret"
  }
}

resource "terraform_data" "marked_values" {
  for_each = { first = sensitive("x"), second = "y" }
  input    = each.value
}

resource "terraform_data" "user" {
  for_each = nonsensitive(var.passwords)
  input    = sensitive(each.value)
}

resource "terraform_data" "counted" {
  count = length(nonsensitive(var.passwords))
}
