provider "aws" {
  region = "eu-west-1"
}

data "aws_partition" "current" {
  partition = "aws"
}

locals {
  policies = ["ReadOnlyAccess", "AmazonS3ReadOnlyAccess"]
}

resource "aws_iam_role" "this" {
  name               = "app"
  assume_role_policy = "{}"
}

resource "aws_iam_role_policy_attachment" "this" {
  for_each   = toset([for p in local.policies : "arn:${data.aws_partition.current.partition}:iam::aws:policy/${p}"])
  role       = aws_iam_role.this.name
  policy_arn = each.value
}
