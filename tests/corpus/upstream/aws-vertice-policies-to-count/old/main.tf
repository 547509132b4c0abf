# The module's documented call: the governance role for a CUR bucket, with
# the us-east-1 provider its CUR report submodule (off by default) needs.
provider "aws" {
  region = "eu-west-1"
}

provider "aws" {
  alias  = "us-east-1"
  region = "us-east-1"
}

module "vertice" {
  source = "./module"

  cur_bucket_name = "vertice-cur-example"

  providers = {
    aws           = aws
    aws.us-east-1 = aws.us-east-1
  }
}
