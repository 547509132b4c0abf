variable "example" {
  description = "Example variable"
  default     = "hello world"
}
