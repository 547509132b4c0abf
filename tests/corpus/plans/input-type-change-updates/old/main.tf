# input 80 -> "80": terraform_data compares input with its type
resource "terraform_data" "a" {
  input = 80
}

resource "terraform_data" "b" {
  input = "b-${terraform_data.a.output}"
}

# input removed: updated to null, and its output is unknown
resource "terraform_data" "c" {
  input = "c"
}

resource "terraform_data" "d" {
  input = "d-${terraform_data.c.id}-${jsonencode(terraform_data.c.output)}"
}

# unchanged: its dependents keep the recorded output
resource "terraform_data" "e" {
  input = "e"
}

resource "terraform_data" "f" {
  input = "f-${terraform_data.e.output}"
}
