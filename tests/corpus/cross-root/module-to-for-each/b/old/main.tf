# The data root before: empty but for a marker.
resource "terraform_data" "marker" {
  input = "data"
}
