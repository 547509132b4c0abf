resource "terraform_data" "x" {
  input = "again"
}
