//! Reading source files: native HCL and Terraform's JSON syntax, into one
//! expression model (`ast`) and one body model (`body`).

pub mod ast;
pub mod body;
pub mod json;
pub mod native;
pub mod source;
