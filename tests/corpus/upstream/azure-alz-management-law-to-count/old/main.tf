# The module call of examples/default, with literal names where the
# example suffixes them with a random_id.
provider "azurerm" {
  features {}
}

module "management" {
  source = "./module"

  automation_account_name      = "aa-terraform-example"
  location                     = "eastus"
  log_analytics_workspace_name = "law-terraform-example"
  resource_group_name          = "rg-terraform-example"
}
