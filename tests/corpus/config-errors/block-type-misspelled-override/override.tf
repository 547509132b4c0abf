resourse "terraform_data" "a" {}
