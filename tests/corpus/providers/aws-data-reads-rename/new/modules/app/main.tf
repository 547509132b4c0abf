resource "terraform_data" "x" {
  input = "x"
}

# Read while planning, unless x has a change pending: a direct reference
# counts even when the value it reads is known.
data "aws_iam_policy_document" "refers" {
  statement {
    actions   = ["s3:GetObject"]
    resources = [terraform_data.x.input]
  }
}

# Its configuration is known only once x exists.
data "aws_iam_policy_document" "unknown" {
  statement {
    actions   = ["s3:GetObject"]
    resources = [terraform_data.x.id]
  }
}

data "aws_iam_policy_document" "waits" {
  depends_on = [terraform_data.x]
}

data "aws_caller_identity" "me" {}

# Built from another data source: read while planning even where the
# state has no record of either (the module renamed).
data "aws_iam_policy_document" "doc" {
  statement {
    actions   = ["s3:GetObject"]
    resources = ["arn:aws:s3:::${data.aws_caller_identity.me.account_id}/*"]
  }
}

resource "terraform_data" "y" {
  input = data.aws_iam_policy_document.doc.json
}

# Built from a data source read during apply: its configuration is not
# known either.
data "aws_iam_policy_document" "chained" {
  statement {
    actions   = ["s3:GetObject"]
    resources = [data.aws_iam_policy_document.unknown.id]
  }
}
