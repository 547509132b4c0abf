resource "terraform_data" "kept" {
  input = "two"
}

resource "terraform_data" "added" {
  input = { name = "x", size = 3 }
}

resource "terraform_data" "swapped" {
  triggers_replace = "b"
}

resource "terraform_data" "moved_here" {
  input = "same"
}

moved {
  from = terraform_data.renamed
  to   = terraform_data.moved_here
}

output "greeting" {
  value = "hello, world"
}
