data "terraform_remote_state" {}
