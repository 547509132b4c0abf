# The same call on v5, which drops `network_watcher_resource_group_enabled`:
# the NetworkWatcherRG resource group is one of `resource_groups`, as the
# input's description recommends.
module "lz_vending" {
  source = "./module"

  location        = "northeurope"
  subscription_id = "00000000-0000-0000-0000-000000000000"

  resource_group_creation_enabled = true
  resource_groups = {
    NetworkWatcherRG = {
      name     = "NetworkWatcherRG"
      location = "northeurope"
    }
  }
}
