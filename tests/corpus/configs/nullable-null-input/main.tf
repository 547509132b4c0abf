# Lesson from terraform-aws-eks, whose node-group wrapper passes every
# optional object attribute through, null when unset: a null argument for a
# `nullable = false` variable takes the variable's default, while a null for
# a nullable variable stays null even when a default exists.
module "flags" {
  source   = "./flags"
  create   = null
  label    = null
  replicas = null
}

module "given" {
  source   = "./flags"
  create   = false
  label    = "x"
  replicas = 2
}

output "flags" {
  value = module.flags.seen
}

output "given" {
  value = module.given.seen
}
