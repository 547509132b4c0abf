# An invalid default written over several lines: all of them quoted.
variable "n" {
  type = number
  default = {
    a = 1
  }
}
