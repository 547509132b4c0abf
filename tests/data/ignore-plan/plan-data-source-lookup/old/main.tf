# The account id written out by hand (the stub provider's invented one).
resource "aws_iam_role" "ci" {
  name               = "ci"
  assume_role_policy = "arn:aws:iam::stub-dff30689de083d4e:root"
}
