resource "terraform_data" "x" {
  count = "abc"
}
