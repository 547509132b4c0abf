# The README's private zone with cross-account association authorizations,
# and one record, before the module had ignore_vpc.
provider "aws" {
  region = "eu-west-1"
}

module "zone" {
  source = "./module"

  name    = "terraform-aws-modules-example.com"
  comment = "Private zone for terraform-aws-modules example"

  vpc = {
    default = {
      vpc_id     = "vpc-1234556abcdef"
      vpc_region = "eu-west-1"
    }
  }

  vpc_association_authorizations = {
    external = {
      vpc_id     = "vpc-987564fedcba"
      vpc_region = "eu-west-1"
    }
    external_region = {
      vpc_id     = "vpc-1a2b3c4d56e7f8"
      vpc_region = "us-east-1"
    }
  }

  records = {
    api = {
      type    = "CNAME"
      ttl     = 300
      records = ["api.internal.example.com."]
    }
  }

  tags = {
    Environment = "example"
    Project     = "terraform-aws-route53"
  }
}
