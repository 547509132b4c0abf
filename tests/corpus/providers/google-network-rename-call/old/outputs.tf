# The root's outputs, forwarding the module's as its examples/complete does.

output "network" {
  value = module.vpc.network
}

output "subnets" {
  value = module.vpc.subnets
}

output "subnets_by_region_purpose" {
  value = module.vpc.subnets_by_region_purpose
}

output "network_name" {
  value = module.vpc.network_name
}

output "network_id" {
  value = module.vpc.network_id
}

output "network_self_link" {
  value = module.vpc.network_self_link
}

output "project_id" {
  value = module.vpc.project_id
}

output "subnets_names" {
  value = module.vpc.subnets_names
}

output "subnets_ids" {
  value = module.vpc.subnets_ids
}

output "subnets_ips" {
  value = module.vpc.subnets_ips
}

output "subnets_self_links" {
  value = module.vpc.subnets_self_links
}

output "subnets_regions" {
  value = module.vpc.subnets_regions
}

output "subnets_private_access" {
  value = module.vpc.subnets_private_access
}

output "subnets_flow_logs" {
  value = module.vpc.subnets_flow_logs
}

output "subnets_secondary_ranges" {
  value = module.vpc.subnets_secondary_ranges
}

output "route_names" {
  value = module.vpc.route_names
}
