resource "terraform_data" "y" {
  for_each = toset(["a", "b"])
  input    = each.key
}

moved {
  from = terraform_data.x["a"]
  to   = terraform_data.y["a"]
}

# y has no "z" key: the object moves there and is destroyed.
moved {
  from = terraform_data.x["b"]
  to   = terraform_data.y["z"]
}
