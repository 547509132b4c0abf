//! Console formatting of values (see `terraform console`).
