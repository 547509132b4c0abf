locals {
  umi_output = jsondecode(azapi_resource.umi.output)
}
