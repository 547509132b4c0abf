resource "terraform_data" "old" {
  input = {
    size = "small"
    tier = "web"
  }
}

resource "terraform_data" "trigger" {
  input            = "t"
  triggers_replace = "v1"
}
