variable "team" {
  type = string
}

variable "members" {
  type = list(string)
}

resource "terraform_data" "member" {
  for_each = toset(var.members)
  input    = "${var.team}/${each.key}"
}

output "member_count" {
  value = length(var.members)
}
