# A root module for the expression corpus: `terraform console` in this
# directory answers every expression in ../expressions/*.exprs.
# Only variables, locals, outputs and terraform_data, so it needs no
# provider download and no `terraform init`.

variable "str" {
  type    = string
  default = "hello"
}

variable "num" {
  type    = number
  default = 42
}

variable "flt" {
  type    = number
  default = 3.5
}

variable "flag" {
  type    = bool
  default = true
}

variable "list_str" {
  type    = list(string)
  default = ["a", "b", "c"]
}

variable "list_num" {
  type    = list(number)
  default = [3, 1, 2]
}

variable "set_str" {
  type    = set(string)
  default = ["b", "a", "b"]
}

variable "map_num" {
  type = map(number)
  default = {
    a = 1
    b = 2
  }
}

variable "tuple_mix" {
  type    = tuple([string, number, bool])
  default = ["x", 1, true]
}

variable "obj" {
  type = object({
    name = string
    port = number
    tags = map(string)
  })
  default = {
    name = "web"
    port = 8080
    tags = {
      env  = "prod"
      team = "core"
    }
  }
}

variable "opt" {
  type = object({
    name = string
    size = optional(number, 10)
    note = optional(string)
    list = optional(list(string), [])
  })
  default = {
    name = "o"
  }
}

variable "servers" {
  type = list(object({
    name  = string
    ports = list(number)
  }))
  default = [
    { name = "a", ports = [80, 443] },
    { name = "b", ports = [22] },
  ]
}

variable "secret" {
  type      = string
  default   = "s3cr3t"
  sensitive = true
}

variable "secret_map" {
  type = map(string)
  default = {
    user = "admin"
    pass = "hunter2"
  }
  sensitive = true
}

variable "nullable_str" {
  type    = string
  default = null
}

variable "untyped" {
  default = {
    a = [1, 2]
    b = "x"
  }
}

variable "any_list" {
  type    = any
  default = [1, "a"]
}

variable "multiline" {
  type    = string
  default = "line1\nline2\n"
}

variable "empty_list" {
  type    = list(string)
  default = []
}

# No default: console evaluates an unset variable as unknown.
variable "required" {
  type = string
}

locals {
  greeting     = "${var.str}, world"
  doubled      = [for n in var.list_num : n * 2]
  by_name      = { for s in var.servers : s.name => s.ports }
  all_ports    = flatten(var.servers[*].ports)
  secret_upper = upper(var.secret)
  mixed_secret = [var.str, var.secret]
  unknown_id   = terraform_data.x.id
  with_unknown = ["known", terraform_data.x.output]
  nested = {
    list = [1, 2]
    map  = { k = "v" }
  }
  null_value = null
  json_text  = file("${path.module}/data/config.json")
  template   = "Hello, $${name}! %%{ for x in items }[$${x}]%%{ endfor }"
}

resource "terraform_data" "x" {
  input = "in"
}

resource "terraform_data" "counted" {
  count = 2
  input = count.index
}

resource "terraform_data" "each" {
  for_each = toset(["a", "b"])
  input    = each.key
}

output "greeting" {
  value = local.greeting
}

output "secret" {
  value     = var.secret
  sensitive = true
}
