resource "terraform_data" "a" {
  input = "a"
}

resource "terraform_data" "b" {
  input = "b"
}

resource "terraform_data" "c" {
  input = "a"
}

# a is still declared, so its object cannot move away.
moved {
  from = terraform_data.a
  to   = terraform_data.c
}
