variable "name" {
  type = string
}

module "iam" {
  source = "../iam"
  name = "n95-${var.name}/r"
  env = "s62-${var.name}"
}

