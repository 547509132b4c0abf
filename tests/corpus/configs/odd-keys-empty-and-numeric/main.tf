# String keys that look like numbers sort as strings ("10" < "9"), while count
# keys are numbers (9 < 10). The empty string is a valid for_each key.
resource "terraform_data" "by_name" {
  for_each = toset(["9", "10", "0", "09", "-1", "1.5", "1e3", ""])
  input    = each.key
}

resource "terraform_data" "by_index" {
  count = 11
}

module "numbered" {
  source   = "./child"
  for_each = { "10" = 1, "9" = 2 }
}

module "counted" {
  source = "./child"
  count  = 11
}
