# lifecycle ignore_changes: the prior value stands for the ignored
# attribute (or all of them), so these are no-ops; added_key and
# not_ignored update.
resource "terraform_data" "whole" {
  input = "b"
  lifecycle {
    ignore_changes = [input]
  }
}

resource "terraform_data" "all" {
  input            = "b"
  triggers_replace = "t2"
  lifecycle {
    ignore_changes = all
  }
}

resource "terraform_data" "key" {
  input = { keep = "1", drift = "3" }
  lifecycle {
    ignore_changes = [input["drift"]]
  }
}

resource "terraform_data" "elem" {
  input = ["x", "z"]
  lifecycle {
    ignore_changes = [input[1]]
  }
}

# An attribute the prior object lacks has no prior value to keep: the
# configured one stands, and the plan adds it.
resource "terraform_data" "added_key" {
  input = { a = "1", b = "2" }
  lifecycle {
    ignore_changes = [input.b]
  }
}

resource "terraform_data" "not_ignored" {
  input = "b"
  lifecycle {
    ignore_changes = [triggers_replace]
  }
}
