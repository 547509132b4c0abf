resource "" "a" {}
