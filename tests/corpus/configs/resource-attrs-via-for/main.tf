# Lesson from terraform-aws-vpc and terraform-aws-s3-bucket outputs such as
# `{ for k, v in aws_s3tables_table.this : k => v.arn }`: an attribute read
# through a `for` variable (or any value holding the resource) is still the
# resource's attribute, unknown until apply, not a missing one.
resource "terraform_data" "zone" {
  for_each = toset(["a", "b"])
  input    = each.key
}

locals {
  outputs_by_key = { for k, v in terraform_data.zone : k => v.output }
  ids            = [for v in values(terraform_data.zone) : v.id]
  whole          = terraform_data.zone
}

# The keys and the length are known; only the attribute values are not.
resource "terraform_data" "per_zone" {
  for_each = local.outputs_by_key
}

resource "terraform_data" "counted" {
  count = length(local.ids)
}

resource "terraform_data" "via_local" {
  for_each = { for k, v in local.whole : k => v.output }
}
