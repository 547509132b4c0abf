# The module's documented call: the governance role for a CUR bucket, with
# the us-east-1 provider its CUR report submodule (off by default) needs;
# the new module requires `account_type`, here `combined` (billing and
# member: the policies the old module made).
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
  account_type    = "combined"

  providers = {
    aws           = aws
    aws.us-east-1 = aws.us-east-1
  }
}
