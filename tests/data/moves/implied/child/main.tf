resource "foo" "formerly_count" {
}

resource "foo" "now_count" {
  count = 1
}

moved {
  from = foo.no_longer_present[1]
  to   = foo.no_longer_present
}
