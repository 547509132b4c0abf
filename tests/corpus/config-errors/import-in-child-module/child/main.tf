resource "terraform_data" "c" {}

import {
  to = terraform_data.c
  id = "y"
}
