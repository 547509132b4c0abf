resource "terraform_data" "a" {
  input = 1
}

resource "terraform_data" "b" {
  input = "two"
}

resource "terraform_data" "c" {}

import {
  to = terraform_data.b
  id = "id-of-b"
}

import {
  to = terraform_data.c
  id = "id-of-c"
}
