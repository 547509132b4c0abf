variable "name" {
  type = string
}

resource "terraform_data" "cache" {
  input = "l80-${var.name}"
}

output "o_cache" {
  value = "${terraform_data.cache.output}"
}

