resource "terraform_data" "a" {
  input = 1
}

import {
  to = terraform_data.b
  id = "x"
}
