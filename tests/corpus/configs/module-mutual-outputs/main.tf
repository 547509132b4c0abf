# Two module calls that each consume an output of the other. That is not a
# cycle, because every variable and output is its own graph node: left.static
# does not depend on left's inputs.
module "left" {
  source = "./left"
  from_right = module.right.doubled
}

module "right" {
  source = "./right"
  from_left = module.left.static
}

output "right" {
  value = module.right.doubled
}
