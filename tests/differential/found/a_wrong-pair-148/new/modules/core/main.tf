variable "name" {
  type = string
}

variable "env" {
  type = string
}

module "app" {
  source = "../app"
}

