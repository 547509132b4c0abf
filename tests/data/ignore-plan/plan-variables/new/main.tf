# Renamed. The pipeline plans and applies with -var=env=prod; a run without
# that variable would take the default and see another value.
variable "env" {
  type    = string
  default = "dev"
}

resource "terraform_data" "service" {
  input = "app-${var.env}"
}
