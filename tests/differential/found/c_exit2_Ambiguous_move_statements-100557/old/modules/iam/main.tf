variable "name" {
  type = string
}

variable "env" {
  type = string
}

resource "terraform_data" "api" {
  count = 1
  input = "i15-/r"
}

resource "terraform_data" "vol" {
  count = 1
  input = "v73-"
}

