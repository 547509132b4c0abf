data "terraform_remote_state" "shared" {
  backend = "local"
  config = {
    path = "${path.module}/shared.tfstate"
  }
}

data "terraform_remote_state" "late" {
  backend = "local"
  config = {
    path = "${path.module}/shared.tfstate"
  }
  depends_on = [terraform_data.version]
}

resource "terraform_data" "name" {
  for_each = toset(data.terraform_remote_state.shared.outputs.names)
  input    = each.key
}

resource "terraform_data" "version" {
  input = "v1"
}
