# Lesson from terraform-aws-vpc's examples/issues (issue 46, no private
# subnets): coalescelist over splats of two resources that both have no
# instances fails in terraform too, as soon as the count is known.
resource "terraform_data" "database" {
  count = 0
}

resource "terraform_data" "private" {
  count = 0
}

resource "terraform_data" "association" {
  count = 2
  input = element(coalescelist(terraform_data.database[*].id, terraform_data.private[*].id), count.index)
}
