# Both terraform_data.a and terraform_data.a[0] in state.
terraform state mv terraform_data.b 'terraform_data.a[0]'
