//! minimod reads Terraform and OpenTofu configurations the way OpenTofu
//! does, expands every module and resource instance into the addresses
//! `terraform state list` prints, and plans refactors with `moved` blocks.
//!
//! The modules follow the data, each using only those before it (checked
//! by tests/layers.rs): `syntax` → `lang` → `addrs`, `providers` → `config`
//! → `state` → `instances` → `plan` → `refactor`, `discover`, `modules` →
//! `check` → `cli`, over the shared `diagnostics`, `files`, `atomic` and
//! friends. See ARCHITECTURE.md.
//!
//! The library's surface is the few entry points below; everything else is
//! crate-private, so the layers can change without breaking a caller.
//!
//! - [`main`]: the command line, as a function (the binary calls it).
//! - [`load_config`] reads a module tree; [`collect_root_inputs`] and
//!   [`Run`] evaluate and expand it; [`plan_configuration`] plans it
//!   against a [`State`].
//! - [`refactor()`] pairs OLD with NEW and proves the `moved` blocks it
//!   found; [`write`] puts them on disk.
//! - [`check()`] is the pre-merge check; [`discover()`] finds a
//!   repository's root modules.
//!
//! ```
//! use minimod::{LoadOptions, Run, RunOptions, SourceMap, collect_root_inputs, load_config};
//!
//! let dir = tempfile::tempdir().unwrap();
//! std::fs::write(
//!     dir.path().join("main.tf"),
//!     "resource \"terraform_data\" \"a\" {\n  count = 2\n}\n",
//! )
//! .unwrap();
//! let mut sources = SourceMap::default();
//! let config = load_config(dir.path(), &LoadOptions::default(), &mut sources).unwrap();
//! let (inputs, _warnings) =
//!     collect_root_inputs(&config.module, dir.path(), &[], &[], &mut sources).unwrap();
//! let run = Run::new(&config, inputs, RunOptions::default());
//! let addresses: Vec<String> = run
//!     .resource_instances()
//!     .unwrap()
//!     .iter()
//!     .map(|a| a.to_string())
//!     .collect();
//! assert_eq!(addresses, ["terraform_data.a[0]", "terraform_data.a[1]"]);
//! ```
#![warn(unreachable_pub)]

mod addrs;
mod atomic;
mod check;
mod cli;
mod config;
mod diagnostics;
mod discover;
mod files;
mod instances;
mod lang;
mod modules;
mod number;
mod parallel;
mod plan;
mod progress;
mod providers;
mod refactor;
mod state;
mod style;
mod syntax;
mod text;

pub use check::{CheckReport, CheckRequest, StateSources, check};
pub use cli::main;
pub use config::{
    Config, Engine, LoadOptions, Remote, RemoteCalls, detect_engine, load as load_config,
};
pub use diagnostics::{Diagnostic, Diagnostics, SourceMap};
pub use discover::{
    Declaration, Discovery, Found, LeftOut, Reason as LeftOutReason, RootOutcome, Tool, Workspace,
    discover,
};
pub use files::Files;
pub use instances::{Run, RunOptions, Walk, collect_root_inputs};
pub use lang::value::Value;
pub use modules::{
    GetOptions, How, Installation, Installed, Limits, fetch_allowed, get as get_modules,
};
pub use plan::{Planned, diff::Action, plan_configuration};
pub use refactor::{Outcome, Request, refactor, write};
pub use state::State;
pub use syntax::{native::parse_expr, source::SourceFile};
