data "aws_region" "inner" {}

resource "terraform_data" "z" {
  input = "z"
}
