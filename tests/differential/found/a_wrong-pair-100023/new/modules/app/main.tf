variable "name" {
  type = string
}

module "iam_1003" {
  source = "../x_1002"
}

output "o_db" {
  value = "${module.iam_1003.o13_0}"
}

