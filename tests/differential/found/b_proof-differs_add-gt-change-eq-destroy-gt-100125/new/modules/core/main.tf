variable "name" {
  type = string
}

variable "env" {
  type = string
}

module "iam" {
  source = "../iam"
  name = "t0-/r"
}

output "o_log" {
  value = "r"
}

