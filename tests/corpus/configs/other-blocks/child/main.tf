resource "terraform_data" "inside" {}

output "static" {
  value = "s"

  precondition {
    condition     = terraform_data.inside != null
    error_message = "never"
  }
}
