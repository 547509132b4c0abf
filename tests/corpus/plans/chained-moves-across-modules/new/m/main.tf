resource "terraform_data" "c" {
  input = "a"
}

# The root moves a to module.m's b; the module moves its b on to c.
moved {
  from = terraform_data.b
  to   = terraform_data.c
}
