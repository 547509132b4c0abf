data "terraform_remote_state" "x" {
  backend = "local"
  config = {
    path = "${path.module}/shared.tfstate"
  }
}
