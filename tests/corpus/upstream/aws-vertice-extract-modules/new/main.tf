# The module's documented call: the governance role for a CUR bucket. The
# new module needs a us-east-1 provider passed in (for its CUR report
# submodule, off by default), as its README's usage does.
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
