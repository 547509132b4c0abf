# toset() of a list with duplicates collapses them: three instances, not five.
variable "users" {
  type    = list(string)
  default = ["bob", "alice", "bob", "carol", "alice"]
}

resource "terraform_data" "user" {
  for_each = toset(var.users)
}

output "count" {
  value = length(terraform_data.user)
}
