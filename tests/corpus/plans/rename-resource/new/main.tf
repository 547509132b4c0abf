resource "terraform_data" "b" {
  input = "hello"
}

moved {
  from = terraform_data.a
  to   = terraform_data.b
}
