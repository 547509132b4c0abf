# Keys computed with the string and collection functions module code uses most.
variable "raw" {
  type    = string
  default = "  Alpha, beta ,GAMMA,,delta  "
}

locals {
  parts   = [for s in split(",", var.raw) : lower(trimspace(s)) if trimspace(s) != ""]
  zipped  = zipmap(local.parts, range(length(local.parts)))
  merged  = merge({ x = 1 }, { x = 2, y = 3 }, { z = 4 })
  chunks  = chunklist(sort(local.parts), 3)
  regexed = regexall("[a-z]+[0-9]", "ab1 cd22 e3")
  padded  = [for i in [1, 10, 100] : format("%04d", i)]
  joined  = join("|", distinct(concat(["a", "b"], ["b", "c"])))
  sliced  = slice(reverse(local.parts), 1, 3)
  replaced = [for p in local.parts : replace(p, "/[aeiou]/", "_")]
  subbed  = [for p in local.parts : substr(p, 1, 3)]
  titled  = [for p in local.parts : title(p)]
  looked  = lookup({ a = "found" }, "b", "fallback")
  tried   = try(local.merged.missing, "tried")
}

resource "terraform_data" "zipped" {
  for_each = local.zipped
}

resource "terraform_data" "merged" {
  for_each = local.merged
}

resource "terraform_data" "chunk" {
  for_each = { for i, c in local.chunks : join("+", c) => i }
}

resource "terraform_data" "text" {
  for_each = toset(concat(local.regexed, local.padded, [local.joined], local.sliced, local.replaced, local.subbed, local.titled, [local.looked, local.tried]))
}

output "parts" {
  value = local.parts
}
