//! Reading source files: native HCL and Terraform's JSON syntax, into one
//! expression model (`ast`) and one body model (`body`).

pub(crate) mod ast;
pub(crate) mod body;
pub(crate) mod json;
pub(crate) mod native;
pub(crate) mod source;
