# Root outputs created, updated (to known and to unknown values), deleted,
# set to null, sensitive: "Changes to Outputs:" after the plan line.
resource "terraform_data" "a" {
  input = "y"
}

resource "terraform_data" "b" {
}

output "same" {
  value = "s"
}

output "changes" {
  value = "two"
}

output "becomes_null" {
  value = null
}

output "obj" {
  value = { a = 2, b = "x", c = [true] }
}

output "new_unknown" {
  value = terraform_data.b.id
}

output "nested_unknown" {
  value = { id = terraform_data.b.id, known = "k" }
}

output "secret" {
  value     = "q"
  sensitive = true
}

output "input" {
  value = terraform_data.a.output
}
