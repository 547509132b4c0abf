# count = 0 produces no instances, for a resource and for a whole module call;
# a count of 1 still gets the [0] key.
resource "terraform_data" "none" {
  count = 0
}

resource "terraform_data" "one" {
  count = 1
}

module "skipped" {
  source = "./child"
  count  = 0
}

module "kept" {
  source = "./child"
  count  = 1
}

output "none" {
  value = length(terraform_data.none)
}
