# The data root before the refactor.
resource "terraform_data" "network" {
  input = { cidr = "10.0.0.0/16" }
}
