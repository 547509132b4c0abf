# The root's outputs, forwarding the module's as its examples/complete does.

output "key_arn" {
  value = module.data_key.key_arn
}

output "key_id" {
  value = module.data_key.key_id
}

output "key_region" {
  value = module.data_key.key_region
}

output "key_policy" {
  value = module.data_key.key_policy
}

output "external_key_expiration_model" {
  value = module.data_key.external_key_expiration_model
}

output "external_key_state" {
  value = module.data_key.external_key_state
}

output "external_key_usage" {
  value = module.data_key.external_key_usage
}

output "aliases" {
  value = module.data_key.aliases
}

output "grants" {
  value = module.data_key.grants
  sensitive = true
}
