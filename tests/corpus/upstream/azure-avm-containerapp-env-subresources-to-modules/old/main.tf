# The module calls of examples/storage_share and examples/dapr_component in
# one: an environment with one storage and one dapr component, with
# literals where the examples make the resource group, the log analytics
# workspace and the storage account and share (and their names, with the
# registry module Azure/naming/azurerm). Telemetry is off: the parent's
# module uses modtm without declaring its source (so terraform takes it for
# hashicorp/modtm, which does not exist), the commit declares Azure/modtm.
provider "azurerm" {
  features {}
}

module "managedenvironment" {
  source = "./module"

  name                = "cae-example"
  resource_group_name = "rg-example"
  location            = "australiaeast"

  log_analytics_workspace_customer_id        = "00000000-0000-0000-0000-000000000001"
  log_analytics_workspace_primary_shared_key = "c2hhcmVkLWtleQ=="

  storages = {
    "mycontainerappstorage" = {
      account_name = "stexample"
      share_name   = "sharename"
      access_key   = "YWNjZXNzLWtleQ=="
      access_mode  = "ReadOnly"
    }
  }

  dapr_components = {
    "my-dapr-component" = {
      component_type = "state.azure.blobstorage"
      version        = "v1"
    }
  }

  enable_telemetry = false

  # zone redundancy must be disabled unless we supply a subnet for vnet integration.
  zone_redundancy_enabled = false
}
