# A data source's nested blocks are what its configuration writes, state or
# no state: as many as it writes (a `dynamic` block over a known collection
# included), each holding what it sets. The state's record of the blocks
# (fewer actions, no second statement) does not stand.
variable "bucket_actions" {
  default = ["s3:GetObject", "s3:ListBucket"]
}

data "aws_iam_policy_document" "read" {
  statement {
    actions = var.bucket_actions
    principals {
      type        = "AWS"
      identifiers = ["arn:aws:iam::111111111111:root", "arn:aws:iam::222222222222:root"]
    }
  }
  dynamic "statement" {
    for_each = toset(["s3:PutObject"])
    content {
      actions = [statement.value]
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
  input = "v2"
}

# Read during apply (its dependency changes), yet planned from its
# configuration: its blocks are known.
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

output "statements" {
  value = length(data.aws_iam_policy_document.read.statement)
}
