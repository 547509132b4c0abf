resource "terraform_data" "cache" {
  triggers_replace = "redis 7"
  input            = "cache"
}
