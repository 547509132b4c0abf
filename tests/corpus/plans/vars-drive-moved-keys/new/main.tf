variable "names" {
  type = list(string)
}

variable "prefix" {
  type = string
}

# Keys come from TF_VAR_names (env) and the prefix from -var (args); the
# new separator makes each moved object an update in place too.
resource "terraform_data" "user" {
  for_each = toset(var.names)
  input    = "${var.prefix}/${each.key}"
}

moved {
  from = terraform_data.user[0]
  to   = terraform_data.user["ann"]
}

moved {
  from = terraform_data.user[1]
  to   = terraform_data.user["bob"]
}
