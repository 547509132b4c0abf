check {
  assert {
    condition     = terraform_data.a.id != ""
    error_message = "x"
  }
}
resource "terraform_data" "a" {}
