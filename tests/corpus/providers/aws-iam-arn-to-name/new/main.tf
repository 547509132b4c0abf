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

# Keyed by the policy's name, not its ARN.
resource "aws_iam_role_policy_attachment" "this" {
  for_each   = toset(local.policies)
  role       = aws_iam_role.this.name
  policy_arn = "arn:${data.aws_partition.current.partition}:iam::aws:policy/${each.key}"
}
