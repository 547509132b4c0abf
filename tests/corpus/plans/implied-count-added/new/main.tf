# No moved block: terraform treats x as x[0].
resource "terraform_data" "x" {
  count = 2
  input = "x"
}
