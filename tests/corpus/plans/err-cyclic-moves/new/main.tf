resource "terraform_data" "c" {
  input = "a"
}

moved {
  from = terraform_data.a
  to   = terraform_data.b
}

moved {
  from = terraform_data.b
  to   = terraform_data.a
}
