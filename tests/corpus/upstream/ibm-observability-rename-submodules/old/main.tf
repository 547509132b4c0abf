# The module call of examples/observability_basic, with its version.tf and
# providers, a literal resource group id where the example calls the
# registry's resource group module, and the example's variables' defaults
# as literals.
terraform {
  required_version = ">= 1.0.0"
  required_providers {
    ibm = {
      source  = "ibm-cloud/ibm"
      version = "1.51.0"
    }
    logdna = {
      source  = "logdna/logdna"
      version = "1.14.2"
    }
  }
}

provider "ibm" {}

locals {
  at_endpoint = "https://api.us-east.logging.cloud.ibm.com"
}

provider "logdna" {
  alias      = "at"
  servicekey = module.test_observability_instance_creation.activity_tracker_resource_key != null ? module.test_observability_instance_creation.activity_tracker_resource_key : ""
  url        = local.at_endpoint
}

provider "logdna" {
  alias      = "ld"
  servicekey = module.test_observability_instance_creation.logdna_resource_key != null ? module.test_observability_instance_creation.logdna_resource_key : ""
  url        = local.at_endpoint
}

module "test_observability_instance_creation" {
  source = "./module"
  providers = {
    logdna.at = logdna.at
    logdna.ld = logdna.ld
  }
  region                            = "us-east"
  logdna_instance_name              = "test-basic-obs-instances"
  resource_group_id                 = "rg-0123456789abcdef"
  sysdig_instance_name              = "test-basic-obs-instances"
  activity_tracker_instance_name    = "test-basic-obs-instances"
  logdna_plan                       = "7-day"
  sysdig_plan                       = "graduated-tier"
  activity_tracker_plan             = "7-day"
  enable_platform_logs              = false
  enable_platform_metrics           = false
  logdna_tags                       = []
  sysdig_tags                       = []
  activity_tracker_tags             = []
  logdna_manager_key_tags           = []
  sysdig_manager_key_tags           = []
  activity_tracker_manager_key_tags = []
  logdna_access_tags                = []
  sysdig_access_tags                = []
  activity_tracker_access_tags      = []
}
