# Only what the wrapper gives; the rest of the old outputs go away.

output "s3_bucket_arn" {
  value = module.storage.bucket_arn
}
