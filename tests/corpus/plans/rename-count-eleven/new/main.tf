# Eleven instances: the plan lists [10] after [9] (numeric key order).
resource "terraform_data" "worker" {
  count = 11
  input = "n${count.index}"
}

moved {
  from = terraform_data.node
  to   = terraform_data.worker
}
