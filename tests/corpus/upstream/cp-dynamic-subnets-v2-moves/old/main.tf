# The module's call in examples/complete, with the VPC of the example's
# registry module cloudposse/vpc/aws given as literals, its fixtures'
# labels and zones, a NAT gateway per zone, and the public subnets on the
# VPC's default route table.
provider "aws" {
  region = "us-east-2"
}

module "subnets" {
  source = "./module"

  namespace = "eg"
  stage     = "test"
  name      = "subnets-vpc-test"

  availability_zones         = ["us-east-2a", "us-east-2b"]
  max_subnet_count           = 2
  vpc_id                     = "vpc-0123456789abcdef0"
  igw_id                     = "igw-0123456789abcdef0"
  cidr_block                 = "172.16.0.0/16"
  vpc_default_route_table_id = "rtb-0123456789abcdef0"
  nat_gateway_enabled        = true
  nat_instance_enabled       = false
  aws_route_create_timeout   = "5m"
  aws_route_delete_timeout   = "10m"
}
