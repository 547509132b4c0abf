//! minimod reads Terraform and OpenTofu configurations the way OpenTofu
//! does, expands every module and resource instance into the addresses
//! `terraform state list` prints, and plans refactors with `moved` blocks.
//!
//! The modules follow the data: `syntax` → `config` → `lang` → `instances`
//! → `state` → `plan` → `refactor` → `cli`. See ARCHITECTURE.md.

pub mod addrs;
pub mod atomic;
pub mod check;
pub mod cli;
pub mod config;
pub mod diagnostics;
pub mod discover;
pub mod instances;
pub mod lang;
pub mod number;
pub mod plan;
pub mod progress;
pub mod providers;
pub mod refactor;
pub mod state;
pub mod syntax;
pub mod text;
