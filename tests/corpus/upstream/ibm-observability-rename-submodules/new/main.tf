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
  servicekey = module.test_observability_instance_creation.log_analysis_resource_key != null ? module.test_observability_instance_creation.log_analysis_resource_key : ""
  url        = local.at_endpoint
}

module "test_observability_instance_creation" {
  source = "./module"
  providers = {
    logdna.at = logdna.at
    logdna.ld = logdna.ld
  }
  region                            = "us-east"
  log_analysis_instance_name        = "test-basic-obs-instances"
  resource_group_id                 = "rg-0123456789abcdef"
  cloud_monitoring_instance_name    = "test-basic-obs-instances"
  activity_tracker_instance_name    = "test-basic-obs-instances"
  log_analysis_plan                 = "7-day"
  cloud_monitoring_plan             = "graduated-tier"
  activity_tracker_plan             = "7-day"
  enable_platform_logs              = false
  enable_platform_metrics           = false
  log_analysis_tags                 = []
  cloud_monitoring_tags             = []
  activity_tracker_tags             = []
  log_analysis_manager_key_tags     = []
  cloud_monitoring_manager_key_tags = []
  activity_tracker_manager_key_tags = []
  log_analysis_access_tags          = []
  cloud_monitoring_access_tags      = []
  activity_tracker_access_tags      = []
}
