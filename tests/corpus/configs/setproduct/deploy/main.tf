variable "region" {
  type = string
}

resource "terraform_data" "stack" {
  input = var.region
}
