# optional() attributes with defaults in an object variable decide both
# whether an instance exists and how many copies it has.
variable "apps" {
  type = map(object({
    enabled  = optional(bool, true)
    replicas = optional(number, 1)
    tier     = optional(string)
  }))
  default = {
    front = {}
    back  = { replicas = 3 }
    batch = { enabled = false, replicas = 5 }
    cache = { tier = "mem", replicas = 0 }
  }
}

locals {
  enabled = { for name, app in var.apps : name => app if app.enabled }
  replicas = merge([
    for name, app in local.enabled : {
      for i in range(app.replicas) : "${name}-${i}" => coalesce(app.tier, "default")
    }
  ]...)
}

resource "terraform_data" "app" {
  for_each = local.enabled
  input    = each.value.replicas
}

resource "terraform_data" "replica" {
  for_each = local.replicas
  input    = each.value
}

output "enabled" {
  value = keys(local.enabled)
}
