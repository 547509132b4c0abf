# Three blocks for objects still declared, in the reverse of the order
# terraform reports them (by where each object is declared).
removed {
  from = module.iam.terraform_data.cache
}

removed {
  from = module.app
}

removed {
  from = terraform_data.log
}
