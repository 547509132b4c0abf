resource "terraform_data" "a" {
  input = "a"
}

resource "terraform_data" "b" {
  input = "b"
}

moved {
  from = terraform_data.a
  to   = terraform_data.a
}
