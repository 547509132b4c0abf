resource "aws_vpc" "this" {
  cidr_block      = "10.0.0.0/16"
  ipv6_cidr_block = "fd00::/56"
  tags            = { Name = "main" }
}

resource "aws_s3_bucket_lifecycle_configuration" "this" {
  bucket = "logs"
  rule {
    id     = "expire"
    status = "Enabled"
  }
  rule {
    id     = "archive"
    status = "Enabled"
  }
}

resource "aws_instance" "web" {
  ami  = "ami-1"
  port = 80
}
