resource "terraform_data" "keep" {
  input = "keep"
}

# No lifecycle block: destroy defaults to true.
removed {
  from = terraform_data.gone
}
