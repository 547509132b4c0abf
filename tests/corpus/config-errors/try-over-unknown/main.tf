# Lesson from terraform-aws-s3-bucket (`try(var.owner["id"], null)` with an
# owner id read from a data source): try() over a value that is not yet known
# is itself unknown, even when the attempt would fail on a known value, so a
# count built on it cannot be predicted.
resource "terraform_data" "owner" {}

locals {
  owner  = { id = terraform_data.owner.id }
  grants = [{ id = terraform_data.owner.id, permission = "FULL_CONTROL" }]
}

resource "terraform_data" "acl" {
  count = length(try(jsondecode(local.grants), local.grants)) > 0 && try(local.owner["id"], null) == null ? 1 : 0
}
