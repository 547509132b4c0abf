variable "name" {
  type = string
}

variable "env" {
  type = string
}

resource "terraform_data" "vol" {
  count = 2
  input = "m51-"
}

