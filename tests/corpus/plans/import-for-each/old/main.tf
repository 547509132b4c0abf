resource "terraform_data" "kept" {
  input = "k"
}
