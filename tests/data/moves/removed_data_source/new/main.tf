resource "terraform_data" "a" {}
removed {
  from = data.terraform_remote_state.x
}
