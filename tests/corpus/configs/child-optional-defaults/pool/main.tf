variable "spec" {
  type = object({
    size    = optional(number, 1)
    enabled = optional(bool, true)
    extras  = optional(set(string), ["log"])
  })
}

resource "terraform_data" "member" {
  count = var.spec.enabled ? var.spec.size : 0
}

resource "terraform_data" "extra" {
  for_each = var.spec.extras
}

output "size" {
  value = var.spec.size
}
