resource "terraform_data" "seed" {
  input = "seed"
}

# plantimestamp() is the plan's instant, known while planning; timestamp()
# is known only at apply. The records replace every RFC 3339 time with
# <timestamp>: the plan shows where a known one is, not which.
resource "terraform_data" "planned_at" {
  input = plantimestamp()
}

resource "terraform_data" "valid_to" {
  input = timeadd(plantimestamp(), "4380h")
}

resource "terraform_data" "applied_at" {
  input = timestamp()
}
