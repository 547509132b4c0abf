# A condition that refers to nothing is rejected when the configuration loads.
output "static" {
  value = "s"

  precondition {
    condition     = true
    error_message = "never"
  }
}
