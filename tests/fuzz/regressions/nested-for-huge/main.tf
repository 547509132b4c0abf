locals {
  a = length([for i in range(1024) : [for j in range(1024) : [for k in range(1024) : k]]])
}
