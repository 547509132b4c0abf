# Nothing of new/ exists yet: new/ is planned without a record of its
# data sources.
resource "terraform_data" "seed" {
  input = "seed"
}
