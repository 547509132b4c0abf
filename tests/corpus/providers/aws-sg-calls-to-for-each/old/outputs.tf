# The groups' ids by name, and each whole call (every output of it).

output "security_group_ids" {
  value = {
    web = module.web_sg.security_group_id
    db  = module.db_sg.security_group_id
  }
}

output "groups" {
  value = {
    web = module.web_sg
    db  = module.db_sg
  }
}
