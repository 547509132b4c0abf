locals {
  name = "b"
}
