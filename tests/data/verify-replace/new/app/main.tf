resource "terraform_data" "version" {
  input = "v2"
}

resource "terraform_data" "server" {
  input = "server v2"
  lifecycle {
    replace_triggered_by = [terraform_data.version]
  }
}
