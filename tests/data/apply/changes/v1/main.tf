# An apply over a state: an update whose output others read, and a
# replacement (triggers_replace) whose new id others read.
variable "v" {
  type    = string
  default = "one"
}

resource "terraform_data" "a" {
  input = var.v
}

resource "terraform_data" "b" {
  input = terraform_data.a.output
}

resource "terraform_data" "c" {
  triggers_replace = terraform_data.a.input
}

resource "terraform_data" "d" {
  input = [terraform_data.c.id, terraform_data.b.output]
}

resource "terraform_data" "kept" {
  input = "same"
}

output "d" {
  value = terraform_data.d.output
}
