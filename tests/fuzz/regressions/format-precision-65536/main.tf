# terraform returns the string (65538 characters).
resource "terraform_data" "a" {
  count = length(format("%.65536f", 1)) == 65538 ? 1 : 0
}
resource "terraform_data" "e" {
  count = length(format("%.70000e", 1)) == 70006 ? 1 : 0
}
resource "terraform_data" "g" {
  count = format("%.70000g", 1) == "1" ? 1 : 0
}
