locals {
  name = "a"
}
