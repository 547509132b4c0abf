provider "aws" {
  region = "eu-west-1"
}

module "logs" {
  source = "../../modules/aws-s3-bucket"

  bucket = "corpus-audit-logs"

  control_object_ownership = true
  object_ownership         = "BucketOwnerEnforced"

  tags = {
    Environment = "corpus"
  }
}
