# The module's call in examples/complete, cut to a bucket with access
# logging (the example's fixtures log nothing) and without the IAM user,
# whose registry module is not kept.
provider "aws" {
  region = "us-east-2"
}

module "s3_bucket" {
  source = "./module"

  namespace = "eg"
  stage     = "test"
  name      = "s3-test"

  acl                          = "private"
  force_destroy                = true
  user_enabled                 = false
  versioning_enabled           = false
  allow_encrypted_uploads_only = true
  bucket_key_enabled           = true

  logging = [{
    bucket_name = "eg-test-s3-test-logs"
    prefix      = "s3-test/"
  }]
}
