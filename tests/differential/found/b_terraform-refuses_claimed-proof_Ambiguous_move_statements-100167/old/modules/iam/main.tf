resource "terraform_data" "lb" {
  count = 1
  input = "d79-/${["h38"][count.index]}"
}

