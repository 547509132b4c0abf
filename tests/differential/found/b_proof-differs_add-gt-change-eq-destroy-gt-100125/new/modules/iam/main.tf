variable "name" {
  type = string
}

resource "terraform_data" "cache_1002" {
  count = 1
  input = "z80-/${["n63"][count.index]}"
}

