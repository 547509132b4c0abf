locals {
  a = range(1025)
}
