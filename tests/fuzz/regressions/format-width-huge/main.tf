locals {
  a = format("%999999999d", 1)
}
