overridden = "from-terraform.tfvars"
