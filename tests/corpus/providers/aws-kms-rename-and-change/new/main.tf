provider "aws" {
  region = "eu-west-1"
}

module "data_key" {
  source = "../../modules/aws-kms"

  description = "corpus data key (rotated yearly)"
  aliases     = ["corpus/data"]
  key_administrators = ["arn:aws:iam::111122223333:role/admin"]
  key_users          = ["arn:aws:iam::111122223333:role/app"]

  tags = {
    Environment = "corpus"
  }
}
