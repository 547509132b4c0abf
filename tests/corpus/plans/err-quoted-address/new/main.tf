resource "terraform_data" "b" {
  input = "b"
}

resource "terraform_data" "c" {
  input = "a"
}

moved {
  from = "terraform_data.a"
  to   = terraform_data.c
}
