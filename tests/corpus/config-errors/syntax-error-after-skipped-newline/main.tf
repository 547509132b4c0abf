# A newline HCL skips (inside an object `for`'s value) comes before the
# file's real error, which is reported where it is, on line 11.
locals {
  l = [1, 2]
  m = { for k in local.l : k => k == 1 ? k :
    9
  }
}

output "y" {
  value = 1 +
}
