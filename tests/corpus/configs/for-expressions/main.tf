# Locals built with for expressions: filtering with if, grouping with "...",
# index/value iteration over a list, and a for over a map producing a list.
variable "people" {
  type = list(object({ name = string, team = string, active = bool }))
  default = [
    { name = "ann", team = "red", active = true },
    { name = "ben", team = "blue", active = false },
    { name = "cid", team = "red", active = true },
    { name = "dot", team = "blue", active = true },
  ]
}

locals {
  active   = [for p in var.people : p if p.active]
  by_team  = { for p in local.active : p.team => p.name... }
  numbered = { for i, p in var.people : format("%02d", i) => upper(p.name) }
  labels   = [for team, names in local.by_team : "${team}:${join(",", names)}"]
}

resource "terraform_data" "team" {
  for_each = local.by_team
  input    = each.value
}

resource "terraform_data" "numbered" {
  for_each = local.numbered
  input    = each.value
}

resource "terraform_data" "label" {
  count = length(local.labels)
  input = local.labels[count.index]
}

output "labels" {
  value = local.labels
}
