# The only built-in data source, terraform_remote_state, works offline with the
# local backend: it reads shared.tfstate (committed next to this file) during
# plan, so its outputs are known and can drive for_each. Data sources appear in
# state list as data.TYPE.NAME.
data "terraform_remote_state" "shared" {
  backend = "local"
  config = {
    path = "${path.module}/shared.tfstate"
  }
}

data "terraform_remote_state" "copies" {
  count   = 2
  backend = "local"
  config = {
    path = "${path.module}/shared.tfstate"
  }
}

resource "terraform_data" "name" {
  for_each = toset(data.terraform_remote_state.shared.outputs.names)
}

resource "terraform_data" "zzz" {}

module "reader" {
  source = "./reader"
}

output "names" {
  value = data.terraform_remote_state.shared.outputs.names
}
