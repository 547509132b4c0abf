# The module call of examples/complete, cut to the virtual servers and the
# load balancers, with literals for what the example makes with registry
# modules and its own resources (resource group, KMS key, VPC and subnets,
# SSH key, placement group); its secondary subnets, block storage volume
# and floating IPs are left out.
terraform {
  required_version = ">= 1.3.0"
  required_providers {
    ibm = {
      source  = "IBM-Cloud/ibm"
      version = ">= 1.54.0"
    }
  }
}

provider "ibm" {
  region = "us-south"
}

module "slz_vsi" {
  source                = "./module"
  resource_group_id     = "rg-0123456789abcdef"
  image_id              = "r006-1366d3e6-1f5f-4f5d-a5b4-7e6f0b1a2c3d"
  create_security_group = false
  tags                  = []
  access_tags           = []
  subnets = [
    { name = "lz-vsi-vpc-subnet-a", id = "0717-subnet-a", zone = "us-south-1", cidr = "10.10.10.0/24" },
    { name = "lz-vsi-vpc-subnet-b", id = "0727-subnet-b", zone = "us-south-2", cidr = "10.20.10.0/24" },
    { name = "lz-vsi-vpc-subnet-c", id = "0737-subnet-c", zone = "us-south-3", cidr = "10.30.10.0/24" },
  ]
  vpc_id                     = "r006-vpc-0123"
  prefix                     = "lz-vsi"
  placement_group_id         = "r006-placement-group-0123"
  machine_type               = "cx2-2x4"
  user_data                  = null
  boot_volume_encryption_key = "crn:v1:bluemix:public:kms:us-south:a/abc123:0123-kms-guid:key:0123-key-id"
  kms_encryption_enabled     = true
  existing_kms_instance_guid = "0123-kms-guid"
  vsi_per_subnet             = 1
  ssh_key_ids                = ["r006-ssh-key-0123"]
  load_balancers = [
    {
      name                    = "lz-vsi-lb"
      type                    = "public"
      listener_port           = 9080
      listener_protocol       = "http"
      connection_limit        = 100
      idle_connection_timeout = 50
      algorithm               = "round_robin"
      protocol                = "http"
      health_delay            = 60
      health_retries          = 5
      health_timeout          = 30
      health_type             = "http"
      pool_member_port        = 8080
    }
  ]
}
