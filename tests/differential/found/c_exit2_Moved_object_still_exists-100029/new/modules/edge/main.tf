variable "name" {
  type = string
}

variable "env" {
  type = string
}

resource "terraform_data" "log2" {
  count = 2
  input = "b34-/${["d73", "d78"][count.index]}"
}

output "o_log2" {
  value = "${terraform_data.log2[0].output}"
}

