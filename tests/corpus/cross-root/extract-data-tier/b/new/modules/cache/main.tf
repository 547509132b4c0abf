variable "nodes" {
  type = number
}

resource "terraform_data" "node" {
  count = var.nodes
  input = { role = "cache", node = count.index }
}
