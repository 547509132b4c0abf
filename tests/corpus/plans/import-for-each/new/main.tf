# terraform 1.7's repeated import: over a map, a set and a list (whose
# each.key is the index), into counted, for_each and module-free targets.
locals {
  ids   = { a = "id-a", b = "id-b" }
  names = ["x", "y"]
}

resource "terraform_data" "kept" {
  input = "k"
}

resource "terraform_data" "m" {
  for_each = local.ids
  input    = each.key
}

import {
  for_each = local.ids
  to       = terraform_data.m[each.key]
  id       = each.value
}

resource "terraform_data" "l" {
  count = 2
}

import {
  for_each = local.names
  to       = terraform_data.l[each.key]
  id       = "l-${each.value}-${each.key}"
}

resource "terraform_data" "s" {
  for_each = toset(["p", "q"])
}

import {
  for_each = toset(["p", "q"])
  to       = terraform_data.s[each.value]
  id       = "s-${each.key}"
}

import {
  for_each = toset(["kept"])
  to       = terraform_data.kept
  id       = "already-${each.key}"
}
