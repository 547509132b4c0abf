# Renamed, and the account id now looked up: only a plan knows the value
# the data source reads.
data "aws_caller_identity" "current" {}

resource "aws_iam_role" "deployer" {
  name               = "ci"
  assume_role_policy = "arn:aws:iam::${data.aws_caller_identity.current.account_id}:root"
}
