//! What minimod knows of providers: their schemas (`terraform providers
//! schema -json`, and the built-in `terraform_data`).

pub(crate) mod schema;
