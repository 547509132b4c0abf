# The module call of examples/firewall-linked-firewall-policy: a virtual
# WAN with one hub, its firewall and a routing intent through it, with
# literals where the example names things after a random_pet and for the
# id of the firewall policy it creates; its two outputs, which read the
# firewall's computed private IP address, are left out.
provider "azurerm" {
  features {}
}

module "vwan_with_vhub" {
  source                         = "./module"
  create_resource_group          = true
  resource_group_name            = "rg-avm-vwan-example"
  location                       = "australiaeast"
  virtual_wan_name               = "vwan-avm-vwan-example"
  disable_vpn_encryption         = false
  allow_branch_to_branch_traffic = true
  type                           = "Standard"
  virtual_wan_tags = {
    environment = "avm-vwan-testing"
    deployment  = "terraform"
  }
  virtual_hubs = {
    "aue-vhub" = {
      name           = "vhub-avm-vwan-example"
      location       = "australiaeast"
      resource_group = "rg-avm-vwan-example"
      address_prefix = "10.0.0.0/24"
      tags = {
        environment = "avm-vwan-testing"
        deployment  = "terraform"
      }
    }
  }
  firewalls = {
    "aue-vhub-fw" = {
      sku_name           = "AZFW_Hub"
      sku_tier           = "Standard"
      name               = "fw-avm-vwan-example"
      virtual_hub_key    = "aue-vhub"
      firewall_policy_id = "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg-avm-vwan-example/providers/Microsoft.Network/firewallPolicies/vhub-avm-vwan-example-fw-policy"
    }
  }
  routing_intents = {
    "aue-vhub-routing-intent" = {
      name            = "private-routing-intent"
      virtual_hub_key = "aue-vhub"
      routing_policies = [{
        name                  = "aue-vhub-routing-policy-private"
        destinations          = ["PrivateTraffic"]
        next_hop_firewall_key = "aue-vhub-fw"
      }]
    }
  }
}
