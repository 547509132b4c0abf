//! Applying move statements to a prior state (OpenTofu `move_execute.go`,
//! `ApplyMoves`) and what came of it (`MoveResults`).

use crate::addrs::{AbsMoveable, AbsResourceInstance, Module, ModuleInstance, MoveEndpointKind};
use crate::config::Engine;
use crate::diagnostics::Diagnostic;
use crate::state::{MovingState, State};

use super::graph::{cycles, dependency_graph, dependency_order};
use super::statement::{MoveStatement, endpoint_names};

/// One resource instance that moved, possibly through a chain of statements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveChange {
    pub from: AbsResourceInstance,
    pub to: AbsResourceInstance,
    pub implied: bool,
}

/// A move that did not happen because something already sat at `wanted`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveBlocked {
    pub actual: AbsMoveable,
    pub wanted: AbsMoveable,
}

/// What [`apply_moves`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveResults {
    /// Keyed by the new address; only looked up (a sorted map's inserts
    /// compared module paths string by string: a sixth of a proof that
    /// moves every object).
    pub changes: foldhash::HashMap<AbsResourceInstance, MoveChange>,
    /// One entry per blocked object (module instance, resource or
    /// instance), sorted by the blocked address.
    pub blocked: Vec<MoveBlocked>,
}

impl MoveResults {
    /// The address the object now at `new` had in the prior state.
    pub fn old_addr(&self, new: &AbsResourceInstance) -> AbsResourceInstance {
        match self.changes.get(new) {
            Some(c) => c.from.clone(),
            None => new.clone(),
        }
    }

    /// The warning a plan carries when moves were blocked, in the wording
    /// of `engine`.
    pub fn blocked_warning(&self, engine: Engine) -> Option<Diagnostic> {
        if self.blocked.is_empty() {
            return None;
        }
        let (name, cmd) = match engine {
            Engine::Terraform => ("Terraform", "terraform"),
            Engine::Tofu => ("OpenTofu", "tofu"),
        };
        let items: String = self
            .blocked
            .iter()
            .map(|b| format!("\n  - {} could not move to {}", b.actual, b.wanted))
            .collect();
        Some(Diagnostic::warning(
            "Unresolved resource instance address changes",
            format!(
                "{name} tried to adjust resource instance addresses in the prior state based on change information recorded in the configuration, but some adjustments did not succeed due to existing objects already at the intended addresses:{items}\n\n{name} has planned to destroy these objects. If {name}'s proposed changes aren't appropriate, you must first resolve the conflicts using the \"{cmd} state\" subcommands and then create a new plan."
            ),
        ))
    }
}

/// Applies the statements to `state` (OpenTofu `ApplyMoves`). Never
/// fails: statements that select nothing do nothing, a cycle among the
/// statements means nothing moves at all (validation reports it), and a
/// move onto an occupied address is recorded as blocked and leaves both
/// objects where they were.
pub(crate) fn apply_moves(stmts: &[MoveStatement], state: &mut State) -> MoveResults {
    let mut results = MoveResults::default();
    let graph = dependency_graph(stmts);
    if !cycles(&graph).is_empty() {
        return results;
    }
    let mut blocked: Vec<MoveBlocked> = Vec::new();
    let mut block = |actual: AbsMoveable, wanted: AbsMoveable| {
        // One entry per blocked object; a later statement's attempt wins.
        blocked.retain(|b| b.actual != actual);
        blocked.push(MoveBlocked { actual, wanted });
    };
    let changes = &mut results.changes;
    let mut record = |old: AbsResourceInstance, new: AbsResourceInstance, implied: bool| {
        // A chain collapses: the object keeps its first address.
        let from = match changes.remove(&old) {
            Some(prev) => prev.from,
            None => old,
        };
        changes.insert(
            new.clone(),
            MoveChange {
                from,
                to: new,
                implied,
            },
        );
    };

    let mut state = MovingState::new(state);
    for i in dependency_order(&graph) {
        let stmt = &stmts[i];
        // Snapshot of the module instances the statement can select: those
        // holding resources now, under the static path its `from` names.
        // Objects moved by this statement are not looked at again.
        match stmt.from.kind() {
            MoveEndpointKind::Module => {
                for m in &state.modules_under(&endpoint_names(&stmt.from)) {
                    let Some(new) = m.move_destination(&stmt.from, &stmt.to) else {
                        continue;
                    };
                    if state.module_holds_resources(&new) {
                        block(
                            AbsMoveable::ModuleInstance(m.clone()),
                            AbsMoveable::ModuleInstance(new),
                        );
                        continue;
                    }
                    for old in state.move_module(m, &new) {
                        let new_res = old.resource.clone().absolute(new.clone());
                        for key in state.keys(&new_res) {
                            record(
                                old.instance(key.clone()),
                                new_res.instance(key),
                                stmt.implied,
                            );
                        }
                    }
                }
            }
            MoveEndpointKind::Resource => {
                // Only the resource `from` names can move: any other
                // resource of a selected module has no destination.
                let (resource, instance_key) = match &stmt.from.relative {
                    AbsMoveable::Resource(r) => (&r.resource, None),
                    AbsMoveable::ResourceInstance(r) => {
                        (&r.resource.resource, Some(&r.resource.key))
                    }
                    _ => continue,
                };
                let path = Module(endpoint_names(&stmt.from));
                let modules: Vec<ModuleInstance> = state
                    .modules_at(&path)
                    .into_iter()
                    .filter(|m| stmt.from.selects_module(m))
                    .collect();
                for m in modules {
                    let addr = resource.clone().absolute(m);
                    if !state.has_resource(&addr) {
                        continue;
                    }
                    if let Some(new) = addr.move_destination(&stmt.from, &stmt.to) {
                        if state.has_resource(&new) {
                            block(AbsMoveable::Resource(addr), AbsMoveable::Resource(new));
                            continue;
                        }
                        let keys = state.keys(&addr);
                        if state.move_resource(&addr, &new) {
                            for key in keys {
                                record(addr.instance(key.clone()), new.instance(key), stmt.implied);
                            }
                        }
                        continue;
                    }
                    // A whole-resource statement that did not select this
                    // resource selects none of its instances either.
                    let Some(key) = instance_key else {
                        continue;
                    };
                    if !state.has_key(&addr, key) {
                        continue;
                    }
                    let inst = addr.instance(key.clone());
                    let Some(new) = inst.move_destination(&stmt.from, &stmt.to) else {
                        continue;
                    };
                    if state.has_key(&new.containing_resource(), &new.resource.key) {
                        block(
                            AbsMoveable::ResourceInstance(inst),
                            AbsMoveable::ResourceInstance(new),
                        );
                        continue;
                    }
                    if state.move_resource_instance(&inst, &new) {
                        record(inst, new, stmt.implied);
                    }
                }
            }
        }
    }
    state.finish();
    blocked.sort_by_key(|b| b.actual.to_string());
    results.blocked = blocked;
    results
}

#[cfg(test)]
#[path = "execute_tests.rs"]
mod tests;
