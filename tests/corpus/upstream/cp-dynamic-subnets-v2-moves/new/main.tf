# The same call adapted to v2 as docs/migration-v1-v2.md says: optional
# strings become lists (`ipv4_cidr_block`, `igw_id`,
# `public_route_table_ids`), and `subnet_type_tag_key`, whose default is
# now null, keeps v1's default.
provider "aws" {
  region = "us-east-2"
}

module "subnets" {
  source = "./module"

  namespace = "eg"
  stage     = "test"
  name      = "subnets-vpc-test"

  availability_zones       = ["us-east-2a", "us-east-2b"]
  max_subnet_count         = 2
  vpc_id                   = "vpc-0123456789abcdef0"
  igw_id                   = ["igw-0123456789abcdef0"]
  ipv4_cidr_block          = ["172.16.0.0/16"]
  public_route_table_ids   = ["rtb-0123456789abcdef0"]
  nat_gateway_enabled      = true
  nat_instance_enabled     = false
  aws_route_create_timeout = "5m"
  aws_route_delete_timeout = "10m"
  subnet_type_tag_key      = "cpco.io/subnet/type"
}
