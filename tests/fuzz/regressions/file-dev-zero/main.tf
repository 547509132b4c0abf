locals {
  a = file("/dev/zero")
}
