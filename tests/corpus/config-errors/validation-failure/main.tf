variable "env" {
  type    = string
  default = "qa"

  validation {
    condition     = contains(["dev", "prod"], var.env)
    error_message = "The env variable must be dev or prod."
  }
}

resource "terraform_data" "x" {
  input = var.env
}
