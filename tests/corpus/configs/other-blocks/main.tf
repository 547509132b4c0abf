# Blocks that do not create addresses but must be read without complaint: a
# terraform block, moved/removed/check blocks, lifecycle with conditions,
# depends_on, triggers_replace, and a module call with depends_on.
terraform {
  required_version = ">= 1.7"
}

moved {
  from = terraform_data.old_name
  to   = terraform_data.current
}

removed {
  from = terraform_data.gone

  lifecycle {
    destroy = false
  }
}

check "sanity" {
  assert {
    condition     = length(var.items) > 0
    error_message = "items must not be empty"
  }
}

variable "items" {
  type    = list(string)
  default = ["i1", "i2"]
}

resource "terraform_data" "current" {
  for_each         = toset(var.items)
  input            = each.key
  triggers_replace = [each.key]

  lifecycle {
    create_before_destroy = true
    ignore_changes        = [input]

    precondition {
      condition     = each.key != ""
      error_message = "empty key"
    }
  }
}

resource "terraform_data" "after" {
  depends_on = [terraform_data.current]
}

module "child" {
  source     = "./child"
  depends_on = [terraform_data.after]
}
