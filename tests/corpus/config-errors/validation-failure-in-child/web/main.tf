variable "name" {
  type = string

  validation {
    condition     = can(regex("^[a-z][a-z0-9-]*$", var.name)) && length(var.name) <= 24
    error_message = "The name must be lowercase letters, digits and dashes, at most 24 characters."
  }
}

resource "terraform_data" "page" {
  input = var.name
}
