# HCL skips newlines inside parentheses, brackets, `{ for ... }`, `${ }`
# and `%{ }`. Each expression below breaks a line where hcl-edit allows
# none but terraform reads it: an object `for`'s key and value, a `for`'s
# collection, a template directive's expression, after a unary operator;
# with comments there, a heredoc and `#`/`//` inside strings.
variable "case" {
  type    = string
  default = "title"
}

locals {
  names = ["alpha", "beta", "gamma"]

  # The value's conditional continues on the next lines (as in
  # cloudposse/terraform-null-label's formatted_labels).
  formatted = { for k in local.names : k => var.case == "none" ? k :
    var.case == "title" ? title(k) :
    upper(k)
  }

  # The key breaks after `?`; a comment sits inside.
  by_initial = { for k in local.names : length(k) > 4 ? # long names
    "long-${k}" : "short-${k}" => k
  }

  # The collection breaks lines, in both kinds of `for`.
  picked_list = [for k in var.case == "title" ?
    local.names : [] : k if k != "beta"]
  picked_map = { for i, k in var.case != "none" ?
    local.names : [] : k => i
  }

  # A value holding a heredoc (its text keeps its newlines) and strings
  # holding comment and bracket characters.
  notes = { for k in local.names : "#${k}" => <<-EOT
    // ${k} (
    EOT
  }

  # Directive expressions broken across lines, in a quoted string and a
  # heredoc.
  listed = "%{for k in var.case == "title" ?
  local.names : []}[${k}]%{endfor}"
  flagged = <<-EOT
    %{if length(local.names) == 3 &&
    var.case != "none"}three%{else}other%{endif}
  EOT

  # A unary operator before a newline, inside parentheses.
  negated  = (-
  2)
  inverted = (!
  true)
}

resource "terraform_data" "label" {
  for_each = local.formatted
  input    = each.value
}

resource "terraform_data" "initial" {
  for_each = local.by_initial
  input    = each.value
}

output "formatted" {
  value = local.formatted
}

output "by_initial" {
  value = local.by_initial
}

output "picked_list" {
  value = local.picked_list
}

output "picked_map" {
  value = local.picked_map
}

output "notes" {
  value = local.notes
}

output "listed" {
  value = local.listed
}

output "flagged" {
  value = local.flagged
}

output "negated" {
  value = local.negated
}

output "inverted" {
  value = local.inverted
}
