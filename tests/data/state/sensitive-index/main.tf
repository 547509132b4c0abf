variable "secret" {
  type      = string
  sensitive = true
  default   = "s"
}
resource "terraform_data" "x" {
  input = { list = ["a", var.secret], map = tomap({ k = var.secret }) }
}
