# The module's documented call: the governance role for a CUR bucket.
provider "aws" {
  region = "eu-west-1"
}

module "vertice" {
  source = "./module"

  cur_bucket_name = "vertice-cur-example"
}
