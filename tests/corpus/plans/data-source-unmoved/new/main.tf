# The data sources stay: read again, never moved.
data "terraform_remote_state" "shared" {
  backend = "local"
  config = {
    path = "${path.module}/shared.tfstate"
  }
}

# Depends on a resource with a pending change: read during apply.
data "terraform_remote_state" "late" {
  backend = "local"
  config = {
    path = "${path.module}/shared.tfstate"
  }
  depends_on = [terraform_data.version]
}

resource "terraform_data" "label" {
  for_each = toset(data.terraform_remote_state.shared.outputs.names)
  input    = each.key
}

resource "terraform_data" "version" {
  input = "v2"
}

moved {
  from = terraform_data.name
  to   = terraform_data.label
}
