# Locals refer to each other across files and against file order; evaluation is
# demand-driven, so declaration order does not matter.
locals {
  names  = [for i in range(local.count) : "${local.prefix}${i}"]
  prefix = "n"
}
