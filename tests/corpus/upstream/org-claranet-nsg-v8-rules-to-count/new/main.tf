# The network_security_group call of examples/main, with its versions.tf,
# and literals where the example calls the registry's region, resource
# group, logs and storage account modules and reads the network watcher
# (the v8 example renames two inputs: `https_source_allowed`,
# `ssh_source_allowed`).
terraform {
  required_version = ">= 1.3"
  required_providers {
    azurerm = {
      source  = "hashicorp/azurerm"
      version = ">= 4.0"
    }
  }
}

provider "azurerm" {
  features {}
}

#tfsec:ignore:azure-network-no-public-egress
module "network_security_group" {
  source = "./module"

  client_name    = "acme"
  environment    = "test"
  stack          = "nsg"
  location       = "westeurope"
  location_short = "euw"

  resource_group_name = "rg-acme-euw-test-nsg"

  https_inbound_allowed = true
  https_source_allowed  = ["11.12.13.14/32", "10.0.0.0/24"]

  ssh_inbound_allowed = true
  ssh_source_allowed  = "VirtualNetwork"

  flow_log_enabled         = true
  flow_log_logging_enabled = true

  network_watcher_name                = "NetworkWatcher_westeurope"
  network_watcher_resource_group_name = "NetworkWatcherRG"

  flow_log_retention_policy_enabled = true # default to true
  flow_log_retention_policy_days    = 91   # default to 91

  flow_log_storage_account_id                    = "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg-acme-euw-test-nsg/providers/Microsoft.Storage/storageAccounts/stacmeeuwtestnsg"
  flow_log_traffic_analytics_enabled             = true # default to false
  flow_log_traffic_analytics_interval_in_minutes = 10   # default to 10

  log_analytics_workspace_guid     = "11111111-2222-3333-4444-555555555555"
  log_analytics_workspace_location = "westeurope"
  log_analytics_workspace_id       = "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg-acme-euw-test-nsg/providers/Microsoft.OperationalInsights/workspaces/log-acme-euw-test-nsg"

  additional_rules = [
    {
      priority                   = 300
      name                       = "mysql_inbound"
      source_port_range          = "*"
      destination_port_range     = "3306"
      source_address_prefix      = "10.0.0.0/24"
      destination_address_prefix = "*"

    },
    {
      priority                   = 400
      name                       = "my_service_outbound"
      access                     = "Allow"    # defaults to 'Allow'
      direction                  = "Outbound" # defaults to 'Inbound'
      protocol                   = "Tcp"      # defaults to 'Tcp'
      source_port_range          = "*"
      destination_port_ranges    = ["8081", "1000-2000"]
      source_address_prefixes    = ["10.0.0.0/24", "10.1.0.0/24"]
      destination_address_prefix = "*"
    }
  ]
}
