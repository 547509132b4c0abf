# The module call of docs/upgrading_to_sql_db_15.0.0.md (the commit's
# upgrade guide), after it, with a literal project id.
module "pg" {
  source = "./module/modules/postgresql"

  name             = "test"
  database_version = "POSTGRES_14"
  project_id       = "example-project"
  zone             = "europe-west1-b"
  region           = "europe-west1"
  tier             = "db-custom-1-3840"

  database_flags = [
    {
      name  = "cloudsql.iam_authentication"
      value = "on"
    }
  ]

  iam_users = [
    {
      id    = "test-sa",
      email = "test-sa@example-project.iam.gserviceaccount.com",
    },
    {
      id    = "john.doe",
      email = "john.doe@gmail.com",
    },
  ]
}
