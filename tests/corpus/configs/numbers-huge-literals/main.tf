# Number literals too large for a 64-bit float are numbers all the same:
# HCL reads every literal at 512 bits.
locals {
  exp      = 1e400
  negative = -1.5E+400
  digits   = 10000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
  listed   = [1, 2e400]
}

resource "terraform_data" "by_size" {
  for_each = toset([for n in local.listed : tostring(n > 1e300)])
  input    = each.key
}

output "exp" {
  value = local.exp
}

output "negative" {
  value = local.negative
}

output "digits_equal" {
  value = local.digits == local.exp
}

output "product" {
  value = local.exp * 10
}

output "text" {
  value = "${local.exp}"
}
