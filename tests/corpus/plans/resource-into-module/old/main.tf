resource "terraform_data" "db" {
  input = "db"
}

resource "terraform_data" "app" {
  input = "app"
}
