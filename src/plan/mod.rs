//! Planning: what `terraform plan` would do with a configuration and a
//! prior state. `moves` rewrites the prior state's addresses from `moved`
//! blocks and implied moves; `diff` compares the result with the expanded
//! configuration; `render` prints it.

pub mod diff;
pub mod moves;
pub mod removed;
pub mod render;
