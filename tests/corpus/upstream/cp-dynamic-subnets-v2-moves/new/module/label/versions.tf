terraform {
  required_version = ">= 0.13.0"
}
