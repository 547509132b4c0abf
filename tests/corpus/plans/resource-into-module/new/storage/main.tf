resource "terraform_data" "db" {
  input = "db"
}
