# The data sources' blocks as they were read last: fewer of them.
data "aws_iam_policy_document" "read" {
  statement {
    actions = ["s3:GetObject"]
    principals {
      type        = "AWS"
      identifiers = ["arn:aws:iam::111111111111:root"]
    }
  }
}

resource "terraform_data" "action" {
  for_each = toset(flatten(data.aws_iam_policy_document.read.statement[*].actions))
  input    = each.key
}

resource "terraform_data" "principal" {
  for_each = toset(data.aws_iam_policy_document.read.statement[0].principals[0].identifiers)
  input    = each.key
}

resource "terraform_data" "version" {
  input = "v1"
}

data "aws_iam_policy_document" "late" {
  statement {
    actions = ["sqs:SendMessage"]
  }
  depends_on = [terraform_data.version]
}

resource "terraform_data" "late" {
  for_each = toset(data.aws_iam_policy_document.late.statement[0].actions)
  input    = each.key
}
