# The groups' ids by name, and each whole call (every output of it).

output "security_group_ids" {
  value = { for k, m in module.sg : k => m.security_group_id }
}

output "groups" {
  value = module.sg
}
