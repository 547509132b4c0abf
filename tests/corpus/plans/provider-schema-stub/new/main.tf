# tags dropped, ipv6 set to null: optional and computed, the provider keeps both
resource "aws_vpc" "main" {
  cidr_block      = "10.0.0.0/16"
  ipv6_cidr_block = null
}

moved {
  from = aws_vpc.this
  to   = aws_vpc.main
}

# the list blocks swapped: a list compares in order
resource "aws_s3_bucket_lifecycle_configuration" "this" {
  bucket = "logs"
  rule {
    id     = "archive"
    status = "Enabled"
  }
  rule {
    id     = "expire"
    status = "Enabled"
  }
}

# a dynamic argument compares with its type
resource "aws_instance" "web" {
  ami  = "ami-1"
  port = "80"
}
