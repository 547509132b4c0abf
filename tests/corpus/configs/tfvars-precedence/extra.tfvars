e = "from-extra.tfvars"
f = "from-extra.tfvars"
g = "from-extra.tfvars"
