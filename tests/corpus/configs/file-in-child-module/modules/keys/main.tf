locals {
  # Relative to the root module, like path.module itself.
  names = compact(split("\n", file("${path.module}/names.txt")))
  rendered = templatefile("${path.module}/../../templates/greeting.tpl", {
    names = local.names
  })
}

resource "terraform_data" "key" {
  for_each = toset(local.names)
}

resource "terraform_data" "line" {
  for_each = toset(compact(split("\n", local.rendered)))
}

output "keys" {
  value = sort(local.names)
}

# A bare relative path also starts at the root module, not at this one.
output "plain" {
  value = trimspace(file("root-only.txt"))
}
