# A set of numbers is not a set of strings.
resource "terraform_data" "x" {
  for_each = toset([1, 2])
}
