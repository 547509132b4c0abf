resource "terraform_data" "a" {
  count = 1
}
resource "terraform_data" "b" {
  count = 2
}
