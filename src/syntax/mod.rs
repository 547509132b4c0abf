//! Reading source files: native HCL and Terraform's JSON syntax, into one
//! expression model (`ast`) and one body model.

pub mod ast;
