# The root's outputs, forwarding the module's as its examples/complete does.

output "network" {
  value = module.network.network
}

output "subnets" {
  value = module.network.subnets
}

output "subnets_by_region_purpose" {
  value = module.network.subnets_by_region_purpose
}

output "network_name" {
  value = module.network.network_name
}

output "network_id" {
  value = module.network.network_id
}

output "network_self_link" {
  value = module.network.network_self_link
}

output "project_id" {
  value = module.network.project_id
}

output "subnets_names" {
  value = module.network.subnets_names
}

output "subnets_ids" {
  value = module.network.subnets_ids
}

output "subnets_ips" {
  value = module.network.subnets_ips
}

output "subnets_self_links" {
  value = module.network.subnets_self_links
}

output "subnets_regions" {
  value = module.network.subnets_regions
}

output "subnets_private_access" {
  value = module.network.subnets_private_access
}

output "subnets_flow_logs" {
  value = module.network.subnets_flow_logs
}

output "subnets_secondary_ranges" {
  value = module.network.subnets_secondary_ranges
}

output "route_names" {
  value = module.network.route_names
}
