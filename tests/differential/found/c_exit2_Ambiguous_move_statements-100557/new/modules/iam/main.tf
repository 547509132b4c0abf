variable "name" {
  type = string
}

variable "env" {
  type = string
}

resource "terraform_data" "api_1003" {
  count = 1
  input = "v73-"
}

