# The module call of examples/startup, with a literal resource group name
# where the example creates the group. The commit's example also sets the
# new `use_for_each = true`; this call keeps the default (`false`), the
# path the maintainers' block is for (see README.md).
provider "azurerm" {
  features {}
}

module "network" {
  source              = "./module"
  resource_group_name = "testRG-example"
  address_spaces      = ["10.0.0.0/16", "10.2.0.0/16"]
  subnet_prefixes     = ["10.0.1.0/24", "10.0.2.0/24", "10.0.3.0/24"]
  subnet_names        = ["subnet1", "subnet2", "subnet3"]

  subnet_enforce_private_link_endpoint_network_policies = {
    "subnet1" : true
  }
  subnet_delegation = {
    subnet1 = [
      {
        name = "delegation"
        service_delegation = {
          name = "Microsoft.ContainerInstance/containerGroups"
          actions = [
            "Microsoft.Network/virtualNetworks/subnets/action",
          ]
        }
      }
    ]
  }
  subnet_service_endpoints = {
    "subnet1" : ["Microsoft.Sql"]
  }

  tags = {
    environment = "dev"
    costcenter  = "it"
  }
}
