# for_each over a set of strings: each.key == each.value, keys sorted.
resource "terraform_data" "name" {
  for_each = toset(["charlie", "alpha", "bravo"])
  input    = each.value
}

# A set-typed variable given a list literal default.
variable "tags" {
  type    = set(string)
  default = ["z", "m", "a"]
}

resource "terraform_data" "tag" {
  for_each = var.tags
}

output "names" {
  value = [for k, v in terraform_data.name : v.input]
}
