# One instance key per code-point class, so that `terraform state list`
# shows how it quotes each (OpenTofu's toHCLQuotedString: Go's IsPrint
# decides what is escaped). The same classes as
# tests/corpus/expressions/quoting.exprs; src/text.rs implements IsPrint.
locals {
  keys = toset([
    # ASCII printable, quote and backslash
    "ka ~\"\\",
    # HTML characters (Go's JSON escapes them)
    "k<>&",
    # template introducers stay raw
    "k$${x} %%{y}",
    # C0 controls with a C escape (BEL, BS, VT, FF)
    "k\u0007\u0008\u000b\u000c",
    # other C0 controls
    "k\u0001\u001f",
    # DEL
    "k\u007f",
    # C1 controls (NEL, APC)
    "k\u0085\u009f",
    # Zs no-break space
    "k\u00a0",
    # Zs en quad, ideographic space
    "k\u2000\u3000",
    # Zl line separator
    "k\u2028",
    # Zp paragraph separator
    "k\u2029",
    # Cf soft hyphen, zero-width joiner, BOM
    "k\u00ad\u200d\ufeff",
    # Cf outside the BMP (language tag, tag space)
    "k\U000e0001\U000e0020",
    # Co private use in the BMP
    "k\ue000\uf8ff",
    # Co private use planes 15 and 16
    "k\U000f0000\U0010fffd",
    # Cn unassigned in the BMP
    "k\u0378\u0380",
    # Cn noncharacters
    "k\ufdd0\ufffe\uffff",
    # Cn unassigned outside the BMP
    "k\U000e0080\U0010ffff",
    # assigned in Unicode 15.1/16.0, unassigned in terraform's Go
    "k\u0897\u2ffc\U0001fa89",
    # assigned in Unicode 15.0
    "k\U0001f6dc\U00031350",
    # letters in several scripts
    "kcafé ключ 日本語 Ω",
    # L outside the BMP
    "k\U00020000\U00030000",
    # Mn combining mark alone, Me enclosing mark
    "k\u0301\u20dd",
    # Nl, No
    "k\u2160\u00b2",
    # Pc, Sk, So
    "k\u203f\u02c2\u00a9",
    # emoji, with a skin-tone modifier and a ZWJ sequence
    "k🚀👍🏽👩\u200d💻",
    # replacement character
    "k\ufffd",
  ])
}

resource "terraform_data" "key" {
  for_each = local.keys
  input    = each.key
}

output "count" {
  value = length(local.keys)
}
