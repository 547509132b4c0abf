# The module call of examples/complete with literals for the two VPCs it
# makes with the registry module terraform-aws-modules/vpc/aws, and, as
# examples/multi-account does, routes to the TGW in the first VPC's
# private route tables.
provider "aws" {
  region = "eu-west-1"
}

module "tgw" {
  source = "./module"

  name            = "ex-complete"
  description     = "My TGW shared with several other AWS accounts"
  amazon_side_asn = 64532

  transit_gateway_cidr_blocks = ["10.99.0.0/24"]

  # When "true" there is no need for RAM resources if using multiple AWS accounts
  enable_auto_accept_shared_attachments = true

  # When "true", SG referencing support is enabled at the Transit Gateway level
  enable_sg_referencing_support = true

  # When "true", allows service discovery through IGMP
  enable_multicast_support = false

  vpc_attachments = {
    vpc1 = {
      vpc_id                             = "vpc-0a1b2c3d4e5f60001"
      subnet_ids                         = ["subnet-0a000000000000001", "subnet-0a000000000000002", "subnet-0a000000000000003"]
      security_group_referencing_support = true
      dns_support                        = true
      ipv6_support                       = true

      transit_gateway_default_route_table_association = false
      transit_gateway_default_route_table_propagation = false

      vpc_route_table_ids  = ["rtb-0a000000000000001", "rtb-0a000000000000002", "rtb-0a000000000000003"]
      tgw_destination_cidr = "10.0.0.0/8"

      tgw_routes = [
        {
          destination_cidr_block = "30.0.0.0/16"
        },
        {
          blackhole              = true
          destination_cidr_block = "0.0.0.0/0"
        }
      ]
    },
    vpc2 = {
      vpc_id     = "vpc-0a1b2c3d4e5f60002"
      subnet_ids = ["subnet-0b000000000000001", "subnet-0b000000000000002", "subnet-0b000000000000003"]

      tgw_routes = [
        {
          destination_cidr_block = "50.0.0.0/16"
        },
        {
          blackhole              = true
          destination_cidr_block = "10.10.10.10/32"
        }
      ]
      tags = {
        Name = "ex-complete-vpc2"
      }
    },
  }

  ram_allow_external_principals = true
  ram_principals                = [307990089504]

  timeouts = {
    create = "10m"
    update = "15m"
    delete = "15m"
  }

  tags = {
    Name       = "ex-complete"
    Example    = "ex-complete"
    Repository = "https://github.com/terraform-aws-modules/terraform-aws-transit-gateway"
  }
}
