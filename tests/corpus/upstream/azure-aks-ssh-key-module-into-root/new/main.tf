# The call `aks_without_monitor` of test/fixture, with a literal resource
# group name where the fixture creates the group, and a public ssh key, so
# that the module's generated key is not written to a local file (see
# README.md).
provider "azurerm" {
  features {}
}

module "aks_without_monitor" {
  source = "./module"

  prefix                         = "prefix2-example"
  resource_group_name            = "example-rg"
  public_ssh_key                 = "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC0example user@example"
  enable_log_analytics_workspace = false
  net_profile_pod_cidr           = "10.1.0.0/16"
}
