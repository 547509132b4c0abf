locals {
  a = length(setproduct(range(1024), range(1024), range(1024)))
}
