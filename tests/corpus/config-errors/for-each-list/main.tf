# for_each over a list (positions, not keys) is refused: wrap it in toset().
resource "terraform_data" "x" {
  for_each = ["a", "b"]
}
