variable "n" {
  type    = number
  default = "not a number"
}
