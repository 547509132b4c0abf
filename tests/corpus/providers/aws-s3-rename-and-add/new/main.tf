provider "aws" {
  region = "eu-west-1"
}

module "audit_logs" {
  source = "../../modules/aws-s3-bucket"

  bucket = "corpus-audit-logs"

  control_object_ownership = true
  object_ownership         = "BucketOwnerEnforced"

  # New with the rename: versioning adds one object.
  versioning = {
    enabled = true
  }

  tags = {
    Environment = "corpus"
  }
}
