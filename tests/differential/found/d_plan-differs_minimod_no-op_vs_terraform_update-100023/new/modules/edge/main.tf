variable "name" {
  type = string
}

resource "terraform_data" "queue" {
  count = 1
  input = "l31-${var.name}/${["a98"][count.index]}"
}

resource "terraform_data" "dns" {
  count = 1
  input = "q6-/${terraform_data.queue[0].output}"
}

output "o_dns4" {
  value = "r"
}

