variable "name" {
  type = string
}

variable "env" {
  type = string
}

resource "terraform_data" "cache" {
  input = "x36-"
}

output "o_cache" {
  value = "${terraform_data.cache.output}"
}

