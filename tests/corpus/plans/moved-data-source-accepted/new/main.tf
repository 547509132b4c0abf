# terraform 1.11 accepts a moved block between data sources: it plans no
# change (both are read during plan) and reports no error.
data "terraform_remote_state" "y" {
  backend = "local"
  config = {
    path = "${path.module}/shared.tfstate"
  }
}

moved {
  from = data.terraform_remote_state.x
  to   = data.terraform_remote_state.y
}
