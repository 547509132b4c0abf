variable "name" {
  type = string
}

variable "env" {
  type = string
}

