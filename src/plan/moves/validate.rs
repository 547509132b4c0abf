//! Validating move statements against the expanded configuration
//! (OpenTofu `move_validate.go`, `ValidateMoves`): after the moves
//! applied and the configuration expanded, before the plan is used.

use std::collections::{HashMap, HashSet};

use crate::addrs::{AbsMoveable, AbsResourceInstance, Module, ModuleInstance};
use crate::config::{Config, Engine};
use crate::diagnostics::{Diagnostic, Diagnostics, SourceRange};
use crate::state::State;

use super::graph::{cycles, dependency_graph};
use super::implied::implied_move_statements;
use super::statement::{MoveStatement, find_move_statements};

/// Validates `extra` statements together with the configuration's own
/// `moved` blocks and the moves they leave implied, as a plan with them
/// would: the refactor checks each candidate set of blocks this way
/// before it plans its proof.
pub(crate) fn validate_with(
    config: &Config,
    prior: &State,
    extra: &[MoveStatement],
    engine: Engine,
    module_instances: &[ModuleInstance],
    resource_instances: &[AbsResourceInstance],
) -> Diagnostics {
    let mut stmts = match find_move_statements(config) {
        Ok(s) => s,
        Err(d) => return d,
    };
    stmts.extend(extra.iter().cloned());
    let implied = implied_move_statements(config, prior, &stmts, engine);
    stmts.extend(implied);
    validate_moves(&stmts, config, module_instances, resource_instances)
}

/// What the expanded configuration declares, for the existence checks.
struct Declared<'a> {
    config: &'a Config,
    modules: HashSet<&'a ModuleInstance>,
    resource_instances: &'a [AbsResourceInstance],
    /// Indexed on the first statement about one instance: most name
    /// modules or resources, and there may be a hundred thousand.
    instances: std::cell::OnceCell<HashSet<&'a AbsResourceInstance>>,
}

impl Declared<'_> {
    fn module_config(&self, m: &ModuleInstance) -> Option<&Config> {
        self.config.descendant(&m.module().0)
    }

    /// OpenTofu's `instances.Set`: a module call or resource exists when
    /// its module instance does and declares it, even with no instances.
    fn has(&self, addr: &AbsMoveable) -> bool {
        match addr {
            AbsMoveable::ModuleInstance(m) => self.modules.contains(m),
            AbsMoveable::ModuleCall(c) => {
                self.modules.contains(&c.module)
                    && self
                        .module_config(&c.module)
                        .is_some_and(|cfg| cfg.module.module_calls.contains_key(&c.call))
            }
            AbsMoveable::ResourceInstance(r) => self
                .instances
                .get_or_init(|| self.resource_instances.iter().collect())
                .contains(r),
            AbsMoveable::Resource(r) => {
                self.modules.contains(&r.module)
                    && self.module_config(&r.module).is_some_and(|cfg| {
                        cfg.module.resources.contains_key(&r.resource.to_string())
                    })
            }
        }
    }

    /// Where the object is declared: for instances the `for_each` or
    /// `count` expression that makes them, else the block.
    fn decl_range(&self, addr: &AbsMoveable) -> Option<SourceRange> {
        match addr {
            AbsMoveable::ModuleInstance(m) => {
                let parent = m.parent()?;
                let call = m.steps().last()?;
                let cfg = self.module_config(&parent)?;
                let c = cfg.module.module_calls.get(&call.name)?;
                Some(
                    c.for_each
                        .as_ref()
                        .or(c.count.as_ref())
                        .map(|e| e.range.clone())
                        .unwrap_or_else(|| c.decl_range.clone()),
                )
            }
            AbsMoveable::ModuleCall(c) => {
                let cfg = self.module_config(&c.module)?;
                Some(cfg.module.module_calls.get(&c.call)?.decl_range.clone())
            }
            AbsMoveable::ResourceInstance(r) => {
                let cfg = self.module_config(&r.module)?;
                let rc = cfg.module.resources.get(&r.resource.resource.to_string())?;
                Some(
                    rc.for_each
                        .as_ref()
                        .or(rc.count.as_ref())
                        .map(|e| e.range.clone())
                        .unwrap_or_else(|| rc.decl_range.clone()),
                )
            }
            AbsMoveable::Resource(r) => {
                let cfg = self.module_config(&r.module)?;
                Some(
                    cfg.module
                        .resources
                        .get(&r.resource.to_string())?
                        .decl_range
                        .clone(),
                )
            }
        }
    }
}

/// `FILE:LINE,COL`, as Go's `SourceRange.StartString`.
pub(super) fn start_string(r: &SourceRange) -> String {
    format!("{}:{},{}", r.file, r.start.line, r.start.column)
}

/// Checks explicit and implied statements together against the expanded
/// configuration (OpenTofu `ValidateMoves`), for every declared instance
/// of each statement's module (a module with no instances is never
/// checked). Cycles are reported only when nothing else is wrong.
pub(crate) fn validate_moves(
    stmts: &[MoveStatement],
    config: &Config,
    module_instances: &[ModuleInstance],
    resource_instances: &[AbsResourceInstance],
) -> Diagnostics {
    let mut diags = Diagnostics::default();
    if stmts.is_empty() {
        return diags;
    }
    let declared = Declared {
        config,
        modules: module_instances.iter().collect(),
        resource_instances,
        instances: std::cell::OnceCell::new(),
    };
    // Absolute endpoint → (other endpoint, statement range).
    let mut by_from: HashMap<AbsMoveable, (AbsMoveable, &SourceRange)> = HashMap::new();
    let mut by_to: HashMap<AbsMoveable, (AbsMoveable, &SourceRange)> = HashMap::new();

    // Each statement is checked in every declared instance of its module,
    // in address order (the order the messages come out).
    let mut sorted: Vec<&ModuleInstance> = module_instances.iter().collect();
    sorted.sort();
    let mut by_module: HashMap<Module, Vec<&ModuleInstance>> = HashMap::new();
    for m in sorted {
        by_module.entry(m.module()).or_default().push(m);
    }
    for stmt in stmts {
        let instances = by_module
            .get(&stmt.from.module)
            .map_or(&[][..], Vec::as_slice);
        for inst in instances.iter().copied() {
            let from = stmt.from.in_module_instance(inst);
            let to = stmt.to.in_module_instance(inst);
            if from == to {
                diags.push(
                    Diagnostic::error(
                        "Redundant move statement",
                        format!(
                            "This statement declares a move from {from} to the same address, which is the same as not declaring this move at all."
                        ),
                    )
                    .at(&stmt.range),
                );
                continue;
            }
            let (noun, short) = (from.noun(), from.short_noun());
            if declared.has(&from) {
                let at = declared
                    .decl_range(&from)
                    .map(|r| format!(" at {}", start_string(&r)))
                    .unwrap_or_default();
                diags.push(
                    Diagnostic::error(
                        "Moved object still exists",
                        format!(
                            "This statement declares a move from {from}, but that {noun} is still declared{at}.\n\nChange your configuration so that this {short} will be declared as {to} instead."
                        ),
                    )
                    .at(&stmt.range),
                );
            }
            match by_from.get(&from) {
                Some((other, range)) if other != &to => diags.push(
                    Diagnostic::error(
                        "Ambiguous move statements",
                        format!(
                            "A statement at {} declared that {from} moved to {other}, but this statement instead declares that it moved to {to}.\n\nEach {noun} can move to only one destination {short}.",
                            start_string(range)
                        ),
                    )
                    .at(&stmt.range),
                ),
                Some(_) => {}
                None => {
                    by_from.insert(from.clone(), (to.clone(), &stmt.range));
                }
            }
            match by_to.get(&to) {
                Some((other, range)) if other != &from => diags.push(
                    Diagnostic::error(
                        "Ambiguous move statements",
                        format!(
                            "A statement at {} declared that {other} moved to {to}, but this statement instead declares that {from} moved there.\n\nEach {noun} can have moved from only one source {short}.",
                            start_string(range)
                        ),
                    )
                    .at(&stmt.range),
                ),
                Some(_) => {}
                None => {
                    by_to.insert(to, (from, &stmt.range));
                }
            }
        }
    }

    if !diags.has_errors() {
        for cycle in cycles(&dependency_graph(stmts)) {
            let mut lines: Vec<String> = cycle
                .iter()
                .map(|&i| {
                    let s = &stmts[i];
                    format!("\n  - {}: {} → {}", start_string(&s.range), s.from, s.to)
                })
                .collect();
            lines.sort();
            diags.push(Diagnostic::error(
                "Cyclic dependency in move statements",
                format!(
                    "The following chained move statements form a cycle, and so there is no final location to move objects to:{}\n\nA chain of move statements must end with an address that doesn't appear in any other statements, and which typically also refers to an object still declared in the configuration.",
                    lines.concat()
                ),
            ));
        }
    }
    diags
}

#[cfg(test)]
#[path = "validate_tests.rs"]
mod tests;
