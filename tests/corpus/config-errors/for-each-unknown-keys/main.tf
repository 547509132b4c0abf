# Keys from an attribute only known after apply cannot decide the addresses.
resource "terraform_data" "source" {}

resource "terraform_data" "x" {
  for_each = toset([terraform_data.source.id])
}
