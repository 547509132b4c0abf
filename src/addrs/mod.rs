//! Addresses of modules, resources and instances, and of `moved` block
//! endpoints. No IO happens here.
//!
//! Naming follows OpenTofu's grid (`internal/addrs`): a local type `X`
//! (relative to its module) has an absolute sibling `AbsX` (under a
//! `ModuleInstance`) and a static `ConfigX` (under a `Module`, no keys);
//! `*Instance` adds an `InstanceKey`. Conversions are methods named for
//! what they return: `.instance(key)`, `.absolute(module)`, `.config()`,
//! `.child(name, key)`, `.parent()`, `.module()`.
//!
//! Invariants: addresses are immutable values; `Display` is exactly what
//! terraform prints (`module.a["x"].module.b[0].data.t.n["k"]`) and the
//! parsers read it back; `Ord` is `terraform state list` order.

mod instance_key;
mod interned;
mod module;
pub(crate) mod module_source;
mod move_endpoint;
mod parse;
mod resource;

pub(crate) use instance_key::{InstanceKey, NOT_A_KEY, hcl_quoted_string};
pub(crate) use module::{Module, ModuleInstance, ModuleInstanceStep};
pub(crate) use move_endpoint::{
    AbsMoveable, ConfigMoveable, MoveEndpoint, MoveEndpointInModule, MoveEndpointKind,
    unify_move_endpoints,
};
pub(crate) use parse::parse_traversal;
#[cfg(test)]
pub(crate) use resource::ConfigResource;
pub(crate) use resource::{
    AbsResource, AbsResourceInstance, Resource, ResourceInstance, ResourceMode,
};
