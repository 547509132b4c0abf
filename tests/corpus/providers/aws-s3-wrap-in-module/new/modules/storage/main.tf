variable "name" {
  type = string
}

module "bucket" {
  source = "../../../../modules/aws-s3-bucket"

  bucket = var.name

  attach_deny_insecure_transport_policy = true

  versioning = {
    enabled = true
  }

  server_side_encryption_configuration = {
    rule = {
      apply_server_side_encryption_by_default = {
        sse_algorithm = "AES256"
      }
    }
  }

  lifecycle_rule = [
    {
      id      = "expire"
      enabled = true
      expiration = {
        days = 90
      }
    }
  ]
}

output "bucket_arn" {
  value = module.bucket.s3_bucket_arn
}
