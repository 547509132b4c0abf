variable "a" {
  validation "x" {
    condition     = var.a == 1
    error_message = "x"
  }
}
