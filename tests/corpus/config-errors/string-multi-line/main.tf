output "greeting" {
  value = "hello
world"
}
