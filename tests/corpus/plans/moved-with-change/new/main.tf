resource "terraform_data" "new" {
  input = {
    size = "large"
    tier = "web"
  }
}

# Moved and its triggers_replace changed: replaced at the new address.
resource "terraform_data" "trigger2" {
  input            = "t"
  triggers_replace = "v2"
}

moved {
  from = terraform_data.old
  to   = terraform_data.new
}

moved {
  from = terraform_data.trigger
  to   = terraform_data.trigger2
}
