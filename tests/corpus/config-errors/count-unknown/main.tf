resource "terraform_data" "source" {}

resource "terraform_data" "x" {
  count = length(terraform_data.source.id)
}
