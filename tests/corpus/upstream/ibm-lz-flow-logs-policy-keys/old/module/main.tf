# Not the landing zone's: the wiring of its service authorizations, cut
# from `module "dynamic_values"` (dynamic_values.tf) and its
# `module "service_authorizations"` (dynamic_values/service_authorizations.tf),
# with the key management guid and the COS instance ids, which the landing
# zone reads from its resources, as variables.

variable "key_management_guid" {
  description = "Key management guid"
  type        = string
}

variable "cos_instance_ids" {
  description = "Map of COS instance IDs"
  type        = map(string)
}

module "service_authorizations" {
  source                    = "./dynamic_values/config_modules/service_authorizations"
  key_management            = var.key_management
  key_management_guid       = var.key_management_guid
  cos                       = var.cos
  cos_instance_ids          = var.cos_instance_ids
  use_secrets_manager       = var.secrets_manager.use_secrets_manager
  add_kms_block_storage_s2s = var.add_kms_block_storage_s2s
  atracker_cos_bucket       = var.atracker.add_route == true ? var.atracker.collector_bucket_name : null
}
