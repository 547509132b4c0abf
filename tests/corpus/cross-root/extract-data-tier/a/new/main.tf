# The application root after it: renamed within, the data tier gone to ../b.
resource "terraform_data" "frontend" {
  input = { name = "app", replicas = 3 }
}
