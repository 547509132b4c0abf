resource "terraform_data" "a" {
  count = 2
  input = count.index
}

removed {
  from = terraform_data.a
}
