# Applied first: web gets 3 instances (then x_override makes it 4), api's
# for_each (from the JSON file) is replaced, and the variable default changes.
resource "terraform_data" "web" {
  count = 3
}

resource "terraform_data" "api" {
  for_each = toset(["z"])
}

variable "names" {
  default = ["over", "ridden"]
}
