//! Expansion: evaluating a configuration per module instance and turning
//! `count` and `for_each` into the instance addresses `terraform state
//! list` prints. `Run` is one evaluation of a whole module tree (the graph
//! walk); `expand_all` enumerates every resource instance.

mod builtin;
mod inputs;
mod run;

pub use inputs::{RootInput, RootInputs, VarSource, collect_root_inputs, tf_var_env};
pub use run::{Expansion, Run, RunOptions};
