# The module for an existing subscription (no alias), with only its
# NetworkWatcherRG resource group enabled.
module "lz_vending" {
  source = "./module"

  location        = "northeurope"
  subscription_id = "00000000-0000-0000-0000-000000000000"

  network_watcher_resource_group_enabled = true
}
