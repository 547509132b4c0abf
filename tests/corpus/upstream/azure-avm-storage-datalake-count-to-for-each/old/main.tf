# The module call of examples/data_lake_gen2 cut to the storage account and
# its data lake filesystem (the example's deprecated single-filesystem
# input, which the new module still takes), with literals where the example
# makes the resource group, names and identity with other resources and the
# registry modules Azure/naming/azurerm and lonegunmanb/public-ip.
provider "azurerm" {
  features {}
}

module "this" {
  source = "./module"

  account_replication_type      = "ZRS"
  account_tier                  = "Standard"
  account_kind                  = "StorageV2"
  location                      = "eastus"
  name                          = "stexampledatalake"
  https_traffic_only_enabled    = true
  resource_group_name           = "rg-example"
  min_tls_version               = "TLS1_2"
  shared_access_key_enabled     = true
  is_hns_enabled                = true
  public_network_access_enabled = true

  tags = {
    env   = "Dev"
    owner = "John Doe"
    dept  = "IT"
  }

  storage_data_lake_gen2_filesystem = {
    name = "testdatelakegen2filesystem"
  }
}
