# Keys produced by string templates: %{for} and %{if} directives, strip markers
# (~), heredocs (which end with a newline unless trimmed) and nested quotes.
variable "names" {
  type    = list(string)
  default = ["a", "b"]
}

locals {
  keys = toset([
    "%{for n in var.names}${n};%{endfor}",
    "%{for n in var.names~} [${n}] %{~endfor}",
    "%{if length(var.names) > 1}many%{else}few%{endif}",
    <<-EOT
      heredoc ${var.names[0]}
    EOT
    ,
    chomp(<<-EOT
      chomped
    EOT
    ),
    "nested ${"inner ${upper(var.names[1])}"}",
    "${var.names[0]}${var.names[1]}",
  ])
}

resource "terraform_data" "t" {
  for_each = local.keys
}

output "keys" {
  value = local.keys
}
