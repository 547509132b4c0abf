# Keys that need escaping when an address is printed: quotes, backslashes,
# template introducers (written escaped here, so the key holds them literally),
# tabs, newlines and carriage returns.
locals {
  keys = toset([
    "say \"hi\"",
    "back\\slash",
    "C:\\temp\\",
    "$${not_interpolated}",
    "%%{not_a_directive}",
    "$x and %y",
    "tab\there",
    "new\nline",
    "carriage\rreturn",
    "trailing space ",
    " leading space",
  ])
}

resource "terraform_data" "key" {
  for_each = local.keys
  input    = each.key
}

module "quoted" {
  source   = "./child"
  for_each = toset(["say \"hi\"", "back\\slash", "$${x}"])
}

output "keys" {
  value = sort(local.keys)
}
