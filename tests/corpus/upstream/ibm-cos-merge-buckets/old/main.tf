# The `cos` call of examples/basic (an instance and a bucket without KMS
# encryption), with its version.tf, a literal resource group id where the
# example calls the registry's resource group module, and its variables'
# defaults as literals; the example's calls of the `buckets` and
# `lifecycle_rules` submodules are left out.
terraform {
  required_version = ">= 1.9.0"
  required_providers {
    ibm = {
      source  = "ibm-cloud/ibm"
      version = "1.79.2"
    }
  }
}

provider "ibm" {
  region = "us-south"
}

module "cos" {
  source                    = "./module"
  resource_group_id         = "rg-0123456789abcdef"
  region                    = "us-south"
  cos_instance_name         = "basic-cos"
  cos_tags                  = []
  bucket_name               = "basic-bucket"
  retention_enabled         = false # disable retention for test environments - enable for stage/prod
  kms_encryption_enabled    = false
  cos_plan                  = "cos-one-rate-plan"
  bucket_storage_class      = "onerate_active"
  object_versioning_enabled = true
  access_tags               = []
}
