# for_each over a map of objects typed by the variable.
variable "servers" {
  type = map(object({
    size = string
    zone = string
  }))
  default = {
    web = { size = "small", zone = "a" }
    db  = { size = "large", zone = "b" }
    api = { size = "small", zone = "c" }
  }
}

resource "terraform_data" "server" {
  for_each = var.servers
  input    = "${each.key}:${each.value.size}@${each.value.zone}"
}

output "inputs" {
  value = { for k, s in terraform_data.server : k => s.input }
}
