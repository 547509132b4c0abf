resource "terraform_data" "keep" {
  input = "keep"
}

removed {
  from = terraform_data.legacy

  lifecycle {
    destroy = false
  }
}

# A whole module call, forgotten.
removed {
  from = module.old

  lifecycle {
    destroy = false
  }
}
