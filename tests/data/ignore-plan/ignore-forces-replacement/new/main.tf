# The whitespace rule pairs the two, but triggers_replace forces
# replacement: the pair is made, and the proof must not call it proven.
resource "terraform_data" "sessions" {
  triggers_replace = "redis7"
  input            = "cache"
}
