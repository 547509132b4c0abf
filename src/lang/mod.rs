//! The expression language: values, types, functions and evaluation.

pub mod display;
pub mod eval;
pub mod functions;
pub use crate::number;
pub mod types;
pub mod unknown;
pub mod value;
