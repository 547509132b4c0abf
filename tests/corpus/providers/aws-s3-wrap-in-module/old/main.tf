provider "aws" {
  region = "eu-west-1"
}

module "bucket" {
  source = "../../modules/aws-s3-bucket"

  bucket = "corpus-logs"

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
