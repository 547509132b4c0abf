resource "terraform_data" "a" {
  provisioner {}
}
