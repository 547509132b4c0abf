resource "terraform_data" "server" {
  for_each = toset(["web", "api", "db"])
  input    = each.key
}

moved {
  from = terraform_data.server[0]
  to   = terraform_data.server["web"]
}

moved {
  from = terraform_data.server[1]
  to   = terraform_data.server["api"]
}

moved {
  from = terraform_data.server[2]
  to   = terraform_data.server["db"]
}
