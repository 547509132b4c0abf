# One module's output (known at plan time: derived from variables, not from
# resource ids) is another module call's for_each; the second module's output
# feeds a root resource's count.
module "catalog" {
  source = "./catalog"
  teams  = ["ops", "dev"]
}

module "team" {
  source   = "./team"
  for_each = module.catalog.teams
  team     = each.key
  members  = each.value
}

resource "terraform_data" "member_total" {
  count = sum([for t in module.team : t.member_count])
}

output "teams" {
  value = module.catalog.teams
}
