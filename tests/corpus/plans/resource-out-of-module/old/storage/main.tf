resource "terraform_data" "db" {
  input = "db"
}

resource "terraform_data" "cache" {
  input = "cache"
}
