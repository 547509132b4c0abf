# The root's outputs, forwarding the module's as its examples/complete does.

output "key_arn" {
  value = module.kms.key_arn
}

output "key_id" {
  value = module.kms.key_id
}

output "key_region" {
  value = module.kms.key_region
}

output "key_policy" {
  value = module.kms.key_policy
}

output "external_key_expiration_model" {
  value = module.kms.external_key_expiration_model
}

output "external_key_state" {
  value = module.kms.external_key_state
}

output "external_key_usage" {
  value = module.kms.external_key_usage
}

output "aliases" {
  value = module.kms.aliases
}

output "grants" {
  value = module.kms.grants
  sensitive = true
}
