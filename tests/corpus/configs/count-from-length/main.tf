# count = length(list): one instance per position, keys 0..n-1 in numeric order
# (12 elements so that 10 and 11 would sort before 2 if keys were compared as text).
variable "regions" {
  type    = list(string)
  default = ["eu-west-1", "eu-west-2", "us-east-1", "us-east-2", "ap-south-1", "sa-east-1", "ca-central-1", "me-south-1", "af-south-1", "eu-north-1", "eu-south-1", "il-central-1"]
}

resource "terraform_data" "region" {
  count = length(var.regions)
  input = var.regions[count.index]
}

output "last" {
  value = terraform_data.region[length(var.regions) - 1].input
}
