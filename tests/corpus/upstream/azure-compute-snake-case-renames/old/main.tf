# The call `debianservers2` of examples/complete, with two instances and
# boot diagnostics on (so that the renamed random_id and storage account
# exist), and literals where the example makes the resource group and the
# subnet and reads the ssh key from a file.
provider "azurerm" {
  features {}
}

module "debianservers2" {
  source                           = "./module"
  vm_hostname                      = "example-d2"
  resource_group_name              = "rg-example"
  location                         = "westeurope"
  admin_username                   = "azureuser"
  vm_os_simple                     = "Debian"
  vnet_subnet_id                   = "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg-example/providers/Microsoft.Network/virtualNetworks/vnet-example/subnets/subnet-2"
  enable_ssh_key                   = true
  delete_data_disks_on_termination = true
  delete_os_disk_on_termination    = true
  ssh_key                          = ""
  ssh_key_values                   = ["ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC0example user@example"]
  nb_instances                     = 2
  boot_diagnostics                 = true
}
