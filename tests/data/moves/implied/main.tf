resource "foo" "formerly_count" {
}

resource "foo" "now_count" {
  count = 2
}

resource "foo" "new_no_count" {
}

resource "foo" "new_count" {
  count = 2
}

resource "foo" "formerly_count_explicit" {
}

moved {
  from = foo.formerly_count_explicit[1]
  to   = foo.formerly_count_explicit
}

resource "foo" "now_count_explicit" {
  count = 2
}

moved {
  from = foo.now_count_explicit
  to   = foo.now_count_explicit[1]
}

resource "foo" "now_for_each_formerly_count" {
  for_each = { a = 1 }
}

resource "foo" "now_for_each_formerly_no_count" {
  for_each = { a = 1 }
}

resource "foo" "ambiguous" {
}

module "child" {
  source = "./child"
}

module "child_count_one" {
  source = "./no-move-child"
  count  = 1
}

module "child_for_each" {
  source   = "./no-move-child"
  for_each = { a = 1 }
}
