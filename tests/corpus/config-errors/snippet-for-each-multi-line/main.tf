# A for_each over a list written over several lines: every line of it is quoted;
# the blank line touches nothing and is left out; the lines after it are numbered one short.
resource "terraform_data" "x" {
  for_each = [

    "a",
    "b",
  ]
}
