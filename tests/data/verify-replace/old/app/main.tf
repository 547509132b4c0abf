resource "terraform_data" "version" {
  input = "v1"
}

resource "terraform_data" "server" {
  input = "server"
  lifecycle {
    replace_triggered_by = [terraform_data.version]
  }
}
