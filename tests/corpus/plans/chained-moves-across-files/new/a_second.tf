# Declared first (file order) but applies second.
moved {
  from = terraform_data.b
  to   = terraform_data.c
}
