# Empty heredocs (the delimiter on the very next line) are the empty string,
# as attribute values, arguments and keys; the variable after one keeps its
# own default. A heredoc whose lines show a shell heredoc is not empty.
variable "first" {
  type        = string
  description = <<DESCRIPTION
DESCRIPTION
  default     = "first"
}

variable "second" {
  type        = map(string)
  description = <<DESCRIPTION
A map, whose description names the first variable's delimiter:
DESCRIPTION
  default     = { a = "b" }
}

locals {
  script = <<-SH
    cat <<EOF
    EOF
  SH

  keys = toset([
    "k${<<-EOT
    EOT
    }",
    upper(<<E
E
    ),
    "${var.first}-${length(var.second)}",
  ])
}

resource "terraform_data" "k" {
  for_each = local.keys
}

output "script" {
  value = local.script
}

output "empty" {
  value = <<EOT
EOT
}

output "first" {
  value = var.first
}
