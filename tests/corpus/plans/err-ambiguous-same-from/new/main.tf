resource "terraform_data" "b" {
  input = "b"
}

resource "terraform_data" "x" {
  input = "a"
}

resource "terraform_data" "y" {
  input = "a"
}

moved {
  from = terraform_data.a
  to   = terraform_data.x
}

moved {
  from = terraform_data.a
  to   = terraform_data.y
}
