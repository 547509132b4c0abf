variable "secret" {
  type      = string
  sensitive = true
  default   = "hunter2"
}

resource "terraform_data" "single" {
  input = "hello"
}

resource "terraform_data" "counted" {
  count = 3
  input = count.index
}

resource "terraform_data" "keyed" {
  for_each = toset(["a", "b c", "quote\"d", "dollar$${x}", "percent%%{y}", "tab\t", "nl\n", "nbsp\u00a0", "zwsp\u200b", "emoji 🎉", "back\\slash", "0", "10", "9", "É", "<&>", "ls\u2028", "del\u007f", "astral\U0001F600\U000E0001"])
  input    = each.key
}

resource "terraform_data" "secretive" {
  input = {
    name   = "x"
    secret = var.secret
    list   = [1, 2, 3]
    nested = { deep = true }
  }
}

resource "terraform_data" "replaced" {
  input            = ["a", "b"]
  triggers_replace = { x = 1 }
  lifecycle {
    create_before_destroy = true
  }
  depends_on = [terraform_data.single]
}

data "terraform_remote_state" "other" {
  backend = "local"
  config = {
    path = "${path.module}/other.tfstate"
  }
  defaults = { x = "y" }
}

module "child" {
  source = "./modules/child"
  count  = 2
}

module "each" {
  source   = "./modules/child"
  for_each = { "x" = 1, "y\"z" = 2 }
}

module "plain" {
  source = "./modules/child"
}

output "greeting" {
  value = terraform_data.single.output
}

output "hidden" {
  value     = var.secret
  sensitive = true
}

check "always" {
  assert {
    condition     = terraform_data.single.output == "hello"
    error_message = "unexpected"
  }
}
