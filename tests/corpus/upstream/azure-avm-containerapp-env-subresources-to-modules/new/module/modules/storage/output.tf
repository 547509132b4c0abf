output "resource_id" {
  description = "The resource ID of the storage resource."
  value       = azapi_resource.this.id
}
