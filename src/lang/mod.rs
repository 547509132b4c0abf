//! The expression language: values, types, functions and evaluation.

pub(crate) mod display;
pub(crate) mod eval;
pub(crate) mod functions;
mod instance_keys;
pub(crate) use crate::number;
pub(crate) mod sorted_map;
pub(crate) mod types;
pub(crate) mod unknown;
pub(crate) mod value;
