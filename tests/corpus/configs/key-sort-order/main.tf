# Which order does state list use? Upper case before lower case, punctuation
# where its code point falls, multi-byte characters after ASCII; resource types
# and names and module names all take part.
resource "terraform_data" "k" {
  for_each = toset(["b", "B", "a", "A", "_", "-", "~", "a-b", "a.b", "a_b", "aa", "Z", "é", "z", "ä", "a b"])
}

resource "terraform_data" "a" {}
resource "terraform_data" "K" {}
resource "terraform_data" "k_2" {}
resource "terraform_data" "k-2" {}

module "b" {
  source = "./child"
}

module "a" {
  source = "./child"
}

module "a_b" {
  source = "./child"
}

module "A" {
  source = "./child"
}
