variable "env" {
  type    = string
  default = "dev"
}

resource "terraform_data" "app" {
  input = "app-${var.env}"
}
