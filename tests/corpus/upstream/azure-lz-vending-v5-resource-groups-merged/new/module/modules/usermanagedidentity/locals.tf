locals {
  umi_output = azapi_resource.umi.output
}
