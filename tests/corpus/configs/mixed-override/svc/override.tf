# Override files work inside child modules too.
resource "terraform_data" "svc" {
  count = 2
}
