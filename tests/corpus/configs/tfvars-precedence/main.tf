# Every source of a root variable value, each overriding the one before:
# default < terraform.tfvars < terraform.tfvars.json < *.auto.tfvars(.json) in
# lexical order (one sequence for both suffixes: a.auto.tfvars.json,
# b.auto.tfvars, c.auto.tfvars.json) < -var-file / -var in command-line order. Each variable is
# set by a different last source, and its value becomes a resource key.
variable "a" { default = "from-default" }
variable "b" { default = "from-default" }
variable "c" { default = "from-default" }
variable "d" { default = "from-default" }
variable "e" { default = "from-default" }
variable "f" { default = "from-default" }
variable "g" { default = "from-default" }
variable "h" { default = "from-default" }
variable "untouched" { default = "from-default" }

resource "terraform_data" "value" {
  for_each = {
    a         = var.a
    b         = var.b
    c         = var.c
    d         = var.d
    e         = var.e
    f         = var.f
    g         = var.g
    h         = var.h
    untouched = var.untouched
  }
  input = each.value
}

resource "terraform_data" "winner" {
  for_each = toset([var.a, var.b, var.c, var.d, var.e, var.f, var.g, var.h, var.untouched])
}

output "values" {
  value = { a = var.a, b = var.b, c = var.c, d = var.d, e = var.e, f = var.f, g = var.g, h = var.h, untouched = var.untouched }
}
