resource "terraform_data" "a" {
  input = "a"
}

resource "terraform_data" "b" {
  input = "b"
}

# Reads the tainted object: its id is known only after the replacement.
resource "terraform_data" "c" {
  input = terraform_data.a.id
}
