module "single" {
  source = "./child"
}

module "count" {
  source = "./child"
  count  = 2
}

module "zero_count" {
  source = "./child"
  count  = 0
}

module "for_each" {
  source = "./child"
  for_each = {
    a = "A"
  }
}

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

resource "other" "single" {
}

module "fake_external" {
  source = "./child"
}
