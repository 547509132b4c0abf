//! Expansion and evaluation: a configuration evaluated per module
//! instance, and `count` and `for_each` turned into the instance addresses
//! `terraform state list` prints. `Run` is one evaluation of a whole module
//! tree (the graph walk); `Run::resource_instances` enumerates every
//! resource instance. One file per idea: `run` (the walk and its vertex
//! cache), `expand`, `variables`, `resources`, `prior`, `prior_state`
//! (the only way to the recorded objects), `scope`, `template`; `inputs`
//! gathers root variable values.

mod builtin;
mod expand;
mod imports;
mod inputs;
mod prior;
mod prior_state;
mod resources;
mod run;
mod scope;
mod template;
mod variables;

#[cfg(test)]
mod testing;

pub(crate) use expand::{Expansion, REMOTE_OUTPUTS};
pub(crate) use imports::ImportEach;
pub use inputs::collect_root_inputs;
pub(crate) use inputs::collect_root_inputs_in;
pub(crate) use inputs::{RootInput, RootInputs, VarSource};
pub(crate) use run::Reusable;
pub use run::{Run, RunOptions, Walk};
