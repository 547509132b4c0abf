# for_each over other resources and module calls: the keys of a map of
# instances are known during plan even though their ids are not, so chaining
# works as long as only the values are unknown.
resource "terraform_data" "a" {
  for_each = toset(["one", "two"])
}

resource "terraform_data" "b" {
  for_each = terraform_data.a
  input    = each.value.id
}

resource "terraform_data" "c" {
  for_each = { for k, v in terraform_data.a : "${k}-c" => v.id }
  input    = each.value
}

module "svc" {
  source   = "./svc"
  for_each = { x = 1, y = 2 }
  n        = each.value
}

resource "terraform_data" "per_module" {
  for_each = module.svc
  input    = each.value.n
}

resource "terraform_data" "counted" {
  count = length(module.svc)
}

module "per_resource" {
  source   = "./svc"
  for_each = terraform_data.a
  n        = 1
}
