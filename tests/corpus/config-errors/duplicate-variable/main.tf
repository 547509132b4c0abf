variable "v" {}
