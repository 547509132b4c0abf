removed {
  from = terraform_data.a[0]
}
