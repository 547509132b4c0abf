# cross.tofu.json is not this file's twin (the twin of x.tf is x.tofu only),
# so OpenTofu reads both cross.tf and cross.tofu.json.
resource "terraform_data" "cross_tf" {}
