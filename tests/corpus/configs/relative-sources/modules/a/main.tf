module "b" {
  source = "../b"
  tag    = "from-a"
}

resource "terraform_data" "a" {}
