resource "terraform_data" "server" {
  count = 3
  input = ["web", "api", "db"][count.index]
}
