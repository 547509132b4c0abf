# A whole resource as a value has exactly its schema's attributes: the
# recorded ones for objects that exist, unknown for a new one's computed
# ones, null for arguments left unset.
resource "terraform_data" "a" {
  input = "x"
}

resource "terraform_data" "n" {
}

resource "terraform_data" "c" {
  triggers_replace = ["t"]
}

resource "terraform_data" "whole" {
  input = [terraform_data.a, terraform_data.n, terraform_data.c]
}
