data "terraform_remote_state" "inner" {
  backend = "local"
  config = {
    path = "${path.module}/../shared.tfstate"
  }
}

resource "terraform_data" "first" {
  input = data.terraform_remote_state.inner.outputs.names[0]
}
