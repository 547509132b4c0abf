resource "terraform_data" "a" {
  input            = "same"
  triggers_replace = "t2"
}

resource "terraform_data" "by_id" {
  input = "id-${terraform_data.a.id}"
}

resource "terraform_data" "by_output" {
  input = "out-${terraform_data.a.output}"
}

resource "terraform_data" "unrelated" {
  input = "u"
}
