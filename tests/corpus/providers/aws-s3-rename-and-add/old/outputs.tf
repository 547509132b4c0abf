# The root's outputs, forwarding the module's as its examples/complete does.

output "s3_bucket_id" {
  value = module.logs.s3_bucket_id
}

output "s3_bucket_arn" {
  value = module.logs.s3_bucket_arn
}

output "s3_bucket_bucket_domain_name" {
  value = module.logs.s3_bucket_bucket_domain_name
}

output "s3_bucket_bucket_regional_domain_name" {
  value = module.logs.s3_bucket_bucket_regional_domain_name
}

output "s3_bucket_bucket_namespace" {
  value = module.logs.s3_bucket_bucket_namespace
}

output "s3_bucket_hosted_zone_id" {
  value = module.logs.s3_bucket_hosted_zone_id
}

output "s3_bucket_lifecycle_configuration_rules" {
  value = module.logs.s3_bucket_lifecycle_configuration_rules
}

output "s3_bucket_policy" {
  value = module.logs.s3_bucket_policy
}

output "s3_bucket_region" {
  value = module.logs.s3_bucket_region
}

output "s3_bucket_website_endpoint" {
  value = module.logs.s3_bucket_website_endpoint
}

output "s3_bucket_website_domain" {
  value = module.logs.s3_bucket_website_domain
}

output "s3_directory_bucket_name" {
  value = module.logs.s3_directory_bucket_name
}

output "s3_directory_bucket_arn" {
  value = module.logs.s3_directory_bucket_arn
}

output "aws_s3_bucket_versioning_status" {
  value = module.logs.aws_s3_bucket_versioning_status
}

output "s3_bucket_tags" {
  value = module.logs.s3_bucket_tags
}
