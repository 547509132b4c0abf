output "a b" {
  value = 1
}
