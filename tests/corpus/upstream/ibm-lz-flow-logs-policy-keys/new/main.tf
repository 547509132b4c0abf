# The vsi pattern's default configuration (patterns/vsi/override.json) of
# what the service authorizations read: key management, the two COS
# instances and their buckets, secrets manager off, the Activity Tracker
# route; with literal ids for the instances the landing zone creates.
provider "ibm" {
  region = "us-south"
}

module "landing_zone" {
  source = "./module"

  key_management = {
    name           = "slz-slz-kms"
    resource_group = "slz-service-rg"
    use_hs_crypto  = false
    keys = [
      { key_ring = "slz-slz-ring", name = "slz-slz-key", root_key = true },
      { key_ring = "slz-slz-ring", name = "slz-atracker-key", root_key = true },
      { key_ring = "slz-slz-ring", name = "slz-vsi-volume-key", root_key = true },
    ]
  }
  key_management_guid = "0123abcd-kms-guid"

  cos = [
    {
      name           = "atracker-cos"
      plan           = "standard"
      resource_group = "slz-service-rg"
      use_data       = false
      buckets = [
        { endpoint_type = "public", force_delete = true, kms_key = "slz-atracker-key", name = "atracker-bucket", storage_class = "standard" },
      ]
      keys = [
        { name = "cos-bind-key", role = "Writer", enable_HMAC = false },
      ]
    },
    {
      name           = "cos"
      plan           = "standard"
      resource_group = "slz-service-rg"
      use_data       = false
      buckets = [
        { endpoint_type = "public", force_delete = true, kms_key = "slz-slz-key", name = "management-bucket", storage_class = "standard" },
        { endpoint_type = "public", force_delete = true, kms_key = "slz-slz-key", name = "workload-bucket", storage_class = "standard" },
      ]
      keys = []
    },
  ]
  cos_instance_ids = {
    "atracker-cos" = "crn:v1:bluemix:public:cloud-object-storage:global:a/abc123:1111-atracker-cos-guid::"
    "cos"          = "crn:v1:bluemix:public:cloud-object-storage:global:a/abc123:2222-cos-guid::"
  }

  secrets_manager = {
    use_secrets_manager = false
  }

  atracker = {
    collector_bucket_name = "atracker-bucket"
    receive_global_events = true
    resource_group        = "slz-service-rg"
    add_route             = true
  }
}
