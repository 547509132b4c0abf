# The platform root after: only the DNS record stays.
resource "terraform_data" "dns" {
  input = "platform.example.com"
}
