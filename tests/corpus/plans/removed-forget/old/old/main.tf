resource "terraform_data" "thing" {
  count = 2
  input = count.index
}
