resource "terraform_data" "leaf" {
  count = 2
  input = "leaf${count.index}"
}
