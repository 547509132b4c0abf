# Non-ASCII keys: letters from several scripts, emoji, invisible characters
# (no-break space U+00A0, zero-width space U+200B, BOM U+FEFF), control
# characters (U+0001, DEL U+007F), a private-use character (U+E000), a
# non-printable character outside the BMP (TAG SPACE U+E0020), an emoji with a
# skin-tone modifier, and a decomposed "é" (e + U+0301), which HCL
# normalises to NFC in string literals.
locals {
  keys = toset([
    "café",
    "cafe\u0301",
    "ключ",
    "日本語",
    "🚀",
    "👩‍💻",
    "nb\u00a0sp",
    "zero\u200bwidth",
    "bom\ufeff",
    "ctrl\u0001a",
    "del\u007f",
    "Ω",
    "private\ue000use",
    "tag\U000E0020space",
    "skin👍🏽tone",
  ])
}

resource "terraform_data" "key" {
  for_each = local.keys
  input    = each.key
}

output "count" {
  value = length(local.keys)
}
