# A whole managed resource, a data source's attribute, and a sensitive value.

output "after" {
  value = terraform_data.after
}

output "policy_json" {
  value = data.aws_iam_policy_document.checked.json
}

output "after_id" {
  value     = terraform_data.after.id
  sensitive = true
}
