# Root variables from the environment (see the `env` file): a required string,
# a number given as text, a map and a list in HCL syntax. TF_VAR_overridden is
# also set in terraform.tfvars, which wins over the environment.
variable "required" {
  type = string
}

variable "replicas" {
  type = number
}

variable "sites" {
  type = map(string)
}

variable "zones" {
  type    = list(string)
  default = ["default-zone"]
}

variable "overridden" {
  type    = string
  default = "from-default"
}

resource "terraform_data" "required" {
  for_each = toset([var.required])
}

resource "terraform_data" "replica" {
  count = var.replicas
}

resource "terraform_data" "site" {
  for_each = var.sites
  input    = each.value
}

resource "terraform_data" "zone" {
  for_each = toset(var.zones)
}

resource "terraform_data" "overridden" {
  for_each = toset([var.overridden])
}

output "overridden" {
  value = var.overridden
}
