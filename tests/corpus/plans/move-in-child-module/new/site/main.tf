variable "name" {
  type = string
}

resource "terraform_data" "home" {
  input = "${var.name}/index.html"
}

moved {
  from = terraform_data.index
  to   = terraform_data.home
}
