variable "name" {
  type = string
}

output "o_db" {
  value = "r"
}

