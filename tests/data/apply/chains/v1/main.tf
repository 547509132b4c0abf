# Values that wait on other objects' apply: ids, outputs, through
# for_each, count, a module and a whole object, and a sensitive value.
variable "password" {
  type      = string
  default   = "hunter2"
  sensitive = true
}

resource "terraform_data" "a" {
  input = "x"
}

resource "terraform_data" "b" {
  input = terraform_data.a.id
}

resource "terraform_data" "c" {
  input = terraform_data.b.output
}

resource "terraform_data" "d" {
  for_each = toset(["p", "q"])
  input = {
    id   = terraform_data.a.id
    key  = each.key
    tags = { owner = terraform_data.c.output }
  }
  triggers_replace = [terraform_data.b.id]
}

resource "terraform_data" "e" {
  count = 2
  input = "${terraform_data.d["p"].id}-${count.index}"
}

module "m" {
  source = "./m"
  in     = terraform_data.e[1].output
}

resource "terraform_data" "f" {
  input = module.m.out
}

resource "terraform_data" "whole" {
  input = terraform_data.a
}

resource "terraform_data" "secret" {
  input = {
    password = var.password
    ref      = terraform_data.a.id
  }
}

output "ids" {
  value = [for k, v in terraform_data.d : v.output.id]
}

output "f" {
  value = terraform_data.f.output
}

output "nothing" {
  value = null
}

output "secret" {
  value     = terraform_data.secret.output
  sensitive = true
}
