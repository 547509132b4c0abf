output "resource_id" {
  description = "The resource ID of the dapr component."
  value       = azapi_resource.this.id
}
