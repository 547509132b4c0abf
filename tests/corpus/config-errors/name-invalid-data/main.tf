data "terraform_remote_state" "1st" {}
