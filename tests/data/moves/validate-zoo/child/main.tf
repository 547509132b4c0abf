resource "test" "single" {
}

resource "test" "count" {
  count = 2
}

resource "test" "zero_count" {
  count = 0
}

resource "test" "for_each" {
  for_each = {
    a = "A"
  }
}
