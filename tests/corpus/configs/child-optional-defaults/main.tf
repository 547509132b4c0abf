# The child declares an object variable with optional() defaults; the caller
# passes partial objects, and the defaults decide counts inside the child.
module "pool" {
  source   = "./pool"
  for_each = {
    small = {}
    big   = { size = 3 }
    off   = { size = 2, enabled = false }
  }
  spec = each.value
}

output "sizes" {
  value = { for k, m in module.pool : k => m.size }
}
