# Inconsistent result types: the subject runs from the true result to the end
# of the false one, over three lines.
locals {
  a = true
}
output "x" {
  value = local.a ? "a" : [
    1,
  ]
}
