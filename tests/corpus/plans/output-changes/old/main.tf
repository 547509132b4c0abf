resource "terraform_data" "a" {
  input = "x"
}

output "same" {
  value = "s"
}

output "changes" {
  value = "one"
}

output "gone" {
  value = [1, 2]
}

output "becomes_null" {
  value = "here"
}

output "secret" {
  value     = "p"
  sensitive = true
}

output "secret_gone" {
  value     = "p"
  sensitive = true
}

output "input" {
  value = terraform_data.a.output
}
