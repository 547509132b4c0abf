locals {
  x = <<EOT
hello
${[

  1,
]}
EOT
}

output "x" {
  value = local.x
}
