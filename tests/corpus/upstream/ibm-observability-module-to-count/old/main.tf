# The module call of examples/basic at the parent, with its version.tf, the
# commit's example's providers (`servicekey = ""`: the parent's read the
# module's keys, which with the commit's `count` on the module calls makes
# a cycle through the logdna provider), a literal resource group id where
# the example calls the registry's resource group module, and literals for
# its variables. Both sides set `log_analysis_provision`,
# `cloud_monitoring_provision` and `activity_tracker_provision` (true, the
# parent's defaults), because the commit changes the defaults of the first
# and the last to false.
terraform {
  required_version = ">= 1.0.0"
  required_providers {
    ibm = {
      source  = "ibm-cloud/ibm"
      version = "1.69.2"
    }
    logdna = {
      source  = "logdna/logdna"
      version = "1.14.2"
    }
  }
}

provider "ibm" {
  region = "us-south"
}

locals {
  at_endpoint = "https://api.us-south.logging.cloud.ibm.com"
}

provider "logdna" {
  alias      = "at"
  servicekey = ""
  url        = local.at_endpoint
}

provider "logdna" {
  alias      = "ld"
  servicekey = ""
  url        = local.at_endpoint
}

module "test_observability_instance_creation" {
  source = "./module"
  providers = {
    logdna.at = logdna.at
    logdna.ld = logdna.ld
  }
  region                            = "us-south"
  log_analysis_provision            = true
  cloud_monitoring_provision        = true
  activity_tracker_provision        = true
  log_analysis_instance_name        = "obs-basic-log-analysis"
  cloud_monitoring_instance_name    = "obs-basic-cloud-monitoring"
  activity_tracker_instance_name    = "obs-basic-activity-tracker"
  cloud_logs_instance_name          = "obs-basic-cloud-logs"
  resource_group_id                 = "rg-0123456789abcdef"
  log_analysis_plan                 = "7-day"
  cloud_monitoring_plan             = "graduated-tier"
  activity_tracker_plan             = "7-day"
  cloud_logs_plan                   = "standard"
  enable_platform_logs              = false
  enable_platform_metrics           = false
  log_analysis_tags                 = []
  cloud_monitoring_tags             = []
  activity_tracker_tags             = []
  cloud_logs_tags                   = []
  log_analysis_manager_key_tags     = []
  cloud_monitoring_manager_key_tags = []
  activity_tracker_manager_key_tags = []
  log_analysis_access_tags          = []
  cloud_monitoring_access_tags      = []
  activity_tracker_access_tags      = []
  cloud_logs_access_tags            = []
}
