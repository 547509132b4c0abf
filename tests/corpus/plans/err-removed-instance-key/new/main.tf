resource "terraform_data" "a" {
  count = 1
  input = count.index
}

removed {
  from = terraform_data.a[1]
}
