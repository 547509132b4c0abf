resource "terraform_data" "whole" {
  input = "a"
}

resource "terraform_data" "all" {
  input            = "a"
  triggers_replace = "t1"
}

resource "terraform_data" "key" {
  input = { keep = "1", drift = "2" }
}

resource "terraform_data" "elem" {
  input = ["x", "y"]
}

resource "terraform_data" "added_key" {
  input = { a = "1" }
}

resource "terraform_data" "not_ignored" {
  input = "a"
}
