resource "terraform_data" "node" {
  count = 11
  input = "n${count.index}"
}
