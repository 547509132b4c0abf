variable "label" {
  type = string
}

resource "terraform_data" "disk" {
  count = 2
  input = "${var.label}-disk${count.index}"
}

resource "terraform_data" "vm" {
  input = var.label
}

output "label" {
  value = var.label
}
