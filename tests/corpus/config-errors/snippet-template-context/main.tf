# A bad interpolation in a heredoc: the template is the context, quoted whole.
locals {
  x = <<EOT
hello
${[1, 2]}
EOT
}
output "x" {
  value = local.x
}
