# A root output derived from a sensitive value must say sensitive = true.
variable "token" {
  type      = string
  sensitive = true
  default   = "t"
}

output "url" {
  value = "https://example.com/?t=${var.token}"
}
