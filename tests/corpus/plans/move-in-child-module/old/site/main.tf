variable "name" {
  type = string
}

resource "terraform_data" "index" {
  input = "${var.name}/index.html"
}
