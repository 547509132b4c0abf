removed {
  from = module.m[0].terraform_data.x
}
