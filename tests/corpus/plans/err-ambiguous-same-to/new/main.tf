resource "terraform_data" "x" {
  input = "a"
}

moved {
  from = terraform_data.a
  to   = terraform_data.x
}

moved {
  from = terraform_data.b
  to   = terraform_data.x
}
