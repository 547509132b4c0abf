variable "name" {
  type = string
}

resource "terraform_data" "api" {
  count = 1
  input = "z80-/${["n63"][count.index]}"
}

