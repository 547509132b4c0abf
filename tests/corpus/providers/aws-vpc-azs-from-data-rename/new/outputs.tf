# The root's outputs, forwarding the module's as its examples/complete does.

output "vpc_id" {
  value = module.network.vpc_id
}

output "vpc_arn" {
  value = module.network.vpc_arn
}

output "vpc_cidr_block" {
  value = module.network.vpc_cidr_block
}

output "default_security_group_id" {
  value = module.network.default_security_group_id
}

output "default_network_acl_id" {
  value = module.network.default_network_acl_id
}

output "default_route_table_id" {
  value = module.network.default_route_table_id
}

output "vpc_instance_tenancy" {
  value = module.network.vpc_instance_tenancy
}

output "vpc_enable_dns_support" {
  value = module.network.vpc_enable_dns_support
}

output "vpc_enable_dns_hostnames" {
  value = module.network.vpc_enable_dns_hostnames
}

output "vpc_main_route_table_id" {
  value = module.network.vpc_main_route_table_id
}

output "vpc_ipv6_association_id" {
  value = module.network.vpc_ipv6_association_id
}

output "vpc_ipv6_cidr_block" {
  value = module.network.vpc_ipv6_cidr_block
}

output "vpc_secondary_cidr_blocks" {
  value = module.network.vpc_secondary_cidr_blocks
}

output "vpc_owner_id" {
  value = module.network.vpc_owner_id
}

output "vpc_block_public_access_exclusions" {
  value = module.network.vpc_block_public_access_exclusions
}

output "dhcp_options_id" {
  value = module.network.dhcp_options_id
}

output "igw_id" {
  value = module.network.igw_id
}

output "igw_arn" {
  value = module.network.igw_arn
}

output "public_subnet_objects" {
  value = module.network.public_subnet_objects
}

output "public_subnets" {
  value = module.network.public_subnets
}

output "public_subnet_arns" {
  value = module.network.public_subnet_arns
}

output "public_subnets_cidr_blocks" {
  value = module.network.public_subnets_cidr_blocks
}

output "public_subnets_ipv6_cidr_blocks" {
  value = module.network.public_subnets_ipv6_cidr_blocks
}

output "public_route_table_ids" {
  value = module.network.public_route_table_ids
}

output "public_internet_gateway_route_id" {
  value = module.network.public_internet_gateway_route_id
}

output "public_internet_gateway_ipv6_route_id" {
  value = module.network.public_internet_gateway_ipv6_route_id
}

output "public_route_table_association_ids" {
  value = module.network.public_route_table_association_ids
}

output "public_network_acl_id" {
  value = module.network.public_network_acl_id
}

output "public_network_acl_arn" {
  value = module.network.public_network_acl_arn
}

output "private_subnet_objects" {
  value = module.network.private_subnet_objects
}

output "private_subnets" {
  value = module.network.private_subnets
}

output "private_subnet_arns" {
  value = module.network.private_subnet_arns
}

output "private_subnets_cidr_blocks" {
  value = module.network.private_subnets_cidr_blocks
}

output "private_subnets_ipv6_cidr_blocks" {
  value = module.network.private_subnets_ipv6_cidr_blocks
}

output "private_route_table_ids" {
  value = module.network.private_route_table_ids
}

output "private_nat_gateway_route_ids" {
  value = module.network.private_nat_gateway_route_ids
}

output "private_ipv6_egress_route_ids" {
  value = module.network.private_ipv6_egress_route_ids
}

output "private_route_table_association_ids" {
  value = module.network.private_route_table_association_ids
}

output "private_network_acl_id" {
  value = module.network.private_network_acl_id
}

output "private_network_acl_arn" {
  value = module.network.private_network_acl_arn
}

output "outpost_subnet_objects" {
  value = module.network.outpost_subnet_objects
}

output "outpost_subnets" {
  value = module.network.outpost_subnets
}

output "outpost_subnet_arns" {
  value = module.network.outpost_subnet_arns
}

output "outpost_subnets_cidr_blocks" {
  value = module.network.outpost_subnets_cidr_blocks
}

output "outpost_subnets_ipv6_cidr_blocks" {
  value = module.network.outpost_subnets_ipv6_cidr_blocks
}

output "outpost_network_acl_id" {
  value = module.network.outpost_network_acl_id
}

output "outpost_network_acl_arn" {
  value = module.network.outpost_network_acl_arn
}

output "database_subnet_objects" {
  value = module.network.database_subnet_objects
}

output "database_subnets" {
  value = module.network.database_subnets
}

output "database_subnet_arns" {
  value = module.network.database_subnet_arns
}

output "database_subnets_cidr_blocks" {
  value = module.network.database_subnets_cidr_blocks
}

output "database_subnets_ipv6_cidr_blocks" {
  value = module.network.database_subnets_ipv6_cidr_blocks
}

output "database_subnet_group" {
  value = module.network.database_subnet_group
}

output "database_subnet_group_name" {
  value = module.network.database_subnet_group_name
}

output "database_route_table_ids" {
  value = module.network.database_route_table_ids
}

output "database_internet_gateway_route_id" {
  value = module.network.database_internet_gateway_route_id
}

output "database_nat_gateway_route_ids" {
  value = module.network.database_nat_gateway_route_ids
}

output "database_ipv6_egress_route_id" {
  value = module.network.database_ipv6_egress_route_id
}

output "database_route_table_association_ids" {
  value = module.network.database_route_table_association_ids
}

output "database_network_acl_id" {
  value = module.network.database_network_acl_id
}

output "database_network_acl_arn" {
  value = module.network.database_network_acl_arn
}

output "redshift_subnet_objects" {
  value = module.network.redshift_subnet_objects
}

output "redshift_subnets" {
  value = module.network.redshift_subnets
}

output "redshift_subnet_arns" {
  value = module.network.redshift_subnet_arns
}

output "redshift_subnets_cidr_blocks" {
  value = module.network.redshift_subnets_cidr_blocks
}

output "redshift_subnets_ipv6_cidr_blocks" {
  value = module.network.redshift_subnets_ipv6_cidr_blocks
}

output "redshift_subnet_group" {
  value = module.network.redshift_subnet_group
}

output "redshift_route_table_ids" {
  value = module.network.redshift_route_table_ids
}

output "redshift_route_table_association_ids" {
  value = module.network.redshift_route_table_association_ids
}

output "redshift_public_route_table_association_ids" {
  value = module.network.redshift_public_route_table_association_ids
}

output "redshift_network_acl_id" {
  value = module.network.redshift_network_acl_id
}

output "redshift_network_acl_arn" {
  value = module.network.redshift_network_acl_arn
}

output "elasticache_subnet_objects" {
  value = module.network.elasticache_subnet_objects
}

output "elasticache_subnets" {
  value = module.network.elasticache_subnets
}

output "elasticache_subnet_arns" {
  value = module.network.elasticache_subnet_arns
}

output "elasticache_subnets_cidr_blocks" {
  value = module.network.elasticache_subnets_cidr_blocks
}

output "elasticache_subnets_ipv6_cidr_blocks" {
  value = module.network.elasticache_subnets_ipv6_cidr_blocks
}

output "elasticache_subnet_group" {
  value = module.network.elasticache_subnet_group
}

output "elasticache_subnet_group_name" {
  value = module.network.elasticache_subnet_group_name
}

output "elasticache_route_table_ids" {
  value = module.network.elasticache_route_table_ids
}

output "elasticache_route_table_association_ids" {
  value = module.network.elasticache_route_table_association_ids
}

output "elasticache_network_acl_id" {
  value = module.network.elasticache_network_acl_id
}

output "elasticache_network_acl_arn" {
  value = module.network.elasticache_network_acl_arn
}

output "intra_subnet_objects" {
  value = module.network.intra_subnet_objects
}

output "intra_subnets" {
  value = module.network.intra_subnets
}

output "intra_subnet_arns" {
  value = module.network.intra_subnet_arns
}

output "intra_subnets_cidr_blocks" {
  value = module.network.intra_subnets_cidr_blocks
}

output "intra_subnets_ipv6_cidr_blocks" {
  value = module.network.intra_subnets_ipv6_cidr_blocks
}

output "intra_route_table_ids" {
  value = module.network.intra_route_table_ids
}

output "intra_route_table_association_ids" {
  value = module.network.intra_route_table_association_ids
}

output "intra_network_acl_id" {
  value = module.network.intra_network_acl_id
}

output "intra_network_acl_arn" {
  value = module.network.intra_network_acl_arn
}

output "nat_ids" {
  value = module.network.nat_ids
}

output "nat_public_ips" {
  value = module.network.nat_public_ips
}

output "natgw_ids" {
  value = module.network.natgw_ids
}

output "natgw_interface_ids" {
  value = module.network.natgw_interface_ids
}

output "egress_only_internet_gateway_id" {
  value = module.network.egress_only_internet_gateway_id
}

output "cgw_ids" {
  value = module.network.cgw_ids
}

output "cgw_arns" {
  value = module.network.cgw_arns
}

output "this_customer_gateway" {
  value = module.network.this_customer_gateway
}

output "vgw_id" {
  value = module.network.vgw_id
}

output "vgw_arn" {
  value = module.network.vgw_arn
}

output "default_vpc_id" {
  value = module.network.default_vpc_id
}

output "default_vpc_arn" {
  value = module.network.default_vpc_arn
}

output "default_vpc_cidr_block" {
  value = module.network.default_vpc_cidr_block
}

output "default_vpc_default_security_group_id" {
  value = module.network.default_vpc_default_security_group_id
}

output "default_vpc_default_network_acl_id" {
  value = module.network.default_vpc_default_network_acl_id
}

output "default_vpc_default_route_table_id" {
  value = module.network.default_vpc_default_route_table_id
}

output "default_vpc_instance_tenancy" {
  value = module.network.default_vpc_instance_tenancy
}

output "default_vpc_enable_dns_support" {
  value = module.network.default_vpc_enable_dns_support
}

output "default_vpc_enable_dns_hostnames" {
  value = module.network.default_vpc_enable_dns_hostnames
}

output "default_vpc_main_route_table_id" {
  value = module.network.default_vpc_main_route_table_id
}

output "vpc_flow_log_id" {
  value = module.network.vpc_flow_log_id
}

output "vpc_flow_log_destination_arn" {
  value = module.network.vpc_flow_log_destination_arn
}

output "vpc_flow_log_destination_type" {
  value = module.network.vpc_flow_log_destination_type
}

output "vpc_flow_log_cloudwatch_iam_role_arn" {
  value = module.network.vpc_flow_log_cloudwatch_iam_role_arn
}

output "vpc_flow_log_deliver_cross_account_role" {
  value = module.network.vpc_flow_log_deliver_cross_account_role
}

output "azs" {
  value = module.network.azs
}

output "name" {
  value = module.network.name
}
