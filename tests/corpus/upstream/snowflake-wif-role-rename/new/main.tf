# examples/basic-aws-existing-role of the module, with its variables given
# as literals (an existing AWS role, a warehouse, a database and a schema,
# and the role name pinned so both sides name the same role).
module "wif_aws" {
  source = "./module"

  csp          = "aws"
  aws_role_arn = "arn:aws:iam::123456789012:role/wif-example"

  wif_role_name         = "WIF_TEST_ROLE"
  wif_user_name         = "WIF_TEST_USER"
  wif_default_warehouse = "COMPUTE_WH"
  wif_test_database     = "WIF_DB"
  wif_test_schema       = "PUBLIC"
}
