# Values converted by type constraints before they decide instances: a number
# and a bool given as text on the command line (see `args`), a quoted count
# literal, a set(string) built from a list with duplicates in a tfvars file,
# and map(number) values given as strings.
variable "n" {
  type = number
}

variable "flag" {
  type = bool
}

variable "tags" {
  type = set(string)
}

variable "weights" {
  type = map(number)
  default = {
    a = "1"
    b = "2.50"
  }
}

resource "terraform_data" "n" {
  count = var.n
}

resource "terraform_data" "flagged" {
  count = var.flag ? 1 : 0
}

resource "terraform_data" "quoted" {
  count = "2"
}

resource "terraform_data" "tag" {
  for_each = var.tags
}

resource "terraform_data" "weight" {
  for_each = var.weights
  input    = each.value
}

output "weights" {
  value = var.weights
}
