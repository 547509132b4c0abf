variable "names" {
  type = list(string)
}

variable "prefix" {
  type = string
}

resource "terraform_data" "user" {
  count = length(var.names)
  input = "${var.prefix}-${var.names[count.index]}"
}
