# What a data source's configuration sets is known while planning, state or
# no state; what it leaves unset is what it reads.
data "aws_partition" "current" {
  partition = "aws"
}

locals {
  policies = ["ReadOnlyAccess", "AmazonS3ReadOnlyAccess"]
}

resource "terraform_data" "attach" {
  for_each = toset([for p in local.policies : "arn:${data.aws_partition.current.partition}:iam::aws:policy/${p}"])
  input    = each.key
}

resource "terraform_data" "version" {
  input = "v2"
}

# Read during apply (its dependency changes), yet planned from its
# configuration: the name it sets is known.
data "aws_region" "late" {
  name       = "eu-west-1"
  depends_on = [terraform_data.version]
}

resource "terraform_data" "zone" {
  for_each = toset(["${data.aws_region.late.name}a", "${data.aws_region.late.name}b"])
  input    = each.key
}
