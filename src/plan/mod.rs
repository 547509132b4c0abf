//! Planning: what `terraform plan` would do with a configuration and a
//! prior state. `moves` rewrites the prior state's addresses from `moved`
//! blocks and implied moves; `diff` compares the result with the expanded
//! configuration; `render` prints it.

pub mod apply;
pub mod diff;
pub mod moves;
pub mod removed;
pub mod render;

use std::collections::BTreeMap;

use crate::addrs::AbsResourceInstance;
use crate::config::{Config, Engine};
use crate::diagnostics::Diagnostics;
use crate::instances::{RootInputs, Run, RunOptions};
use crate::lang::unknown::{Origin, origins_as_text, resolve};
use crate::lang::value::{Type, Value};
use crate::state::State;

use moves::{MoveResults, MoveStatement};

/// A plan and what it was made from: the prior state as the moves left it.
pub struct Planned {
    pub plan: diff::Plan,
    pub moves: MoveResults,
    pub moved_prior: State,
    /// Blocks whose keys are known only after apply (when the run defers
    /// them), with the reason.
    pub deferred: Vec<(String, crate::diagnostics::Diagnostic)>,
}

/// Plans `config` against `prior` as terraform does: explicit and implied
/// moves rewrite the prior state, the moves are validated against the
/// expanded configuration, `removed` blocks apply, then the diff.
/// `extra` statements join the configuration's own (the refactor's
/// proof plans with the blocks it is about to write).
pub fn plan_configuration(
    config: &Config,
    inputs: RootInputs,
    prior: &State,
    engine: Engine,
    extra: &[MoveStatement],
    opts: RunOptions,
) -> Result<Planned, Diagnostics> {
    let mut statements = moves::find_move_statements(config)?;
    statements.extend(extra.iter().cloned());
    let implied = moves::implied_move_statements(config, prior, &statements, engine);
    statements.extend(implied);
    let mut moved_prior = prior.clone();
    let results = moves::apply_moves(&statements, &mut moved_prior);
    // Both engines check `removed` blocks while building the plan graph:
    // after moves apply, before anything is evaluated or moves validated.
    let removed_statements = removed::find_remove_statements(config, engine)?;
    let origins = opts.track_origins;
    let run = Run::new(config, inputs, opts).with_prior_state(&moved_prior);
    let module_instances = run.module_instances()?;
    let resource_instances = run.resource_instances()?;
    let invalid =
        moves::validate_moves(&statements, config, &module_instances, &resource_instances);
    if invalid.has_errors() {
        return Err(invalid);
    }
    let removed = removed::removed_addresses(&removed_statements, &moved_prior, engine);
    let moved_from: BTreeMap<AbsResourceInstance, AbsResourceInstance> = results
        .changes
        .iter()
        .map(|(new, c)| (new.clone(), c.from.clone()))
        .collect();
    // Unknowns name their objects by the new address; a prior state built
    // from the old configuration (the refactor's) names them by the old
    // one, as text its JSON can hold.
    let canon = |v: &Value| {
        if !origins {
            return v.clone();
        }
        let follow = |object: &str, attr: &str| {
            let a = AbsResourceInstance::parse(object).ok()?;
            let old = results.old_addr(&a);
            (old != a)
                .then(|| Value::Unknown(Type::Dynamic, Some(Origin::attr(old.to_string(), attr))))
        };
        origins_as_text(&resolve(v, &follow))
    };
    let mut plan = diff::plan(&run, &moved_prior, &moved_from, &removed, &canon)?;
    self_referencing_destroys(&plan, &moved_prior)?;
    if let Some(w) = results.blocked_warning(engine) {
        plan.warnings.push(w);
    }
    let deferred = run.deferred();
    Ok(Planned {
        plan,
        moves: results,
        moved_prior,
        deferred,
    })
}

/// An object destroyed where its recorded dependencies name its own
/// resource (a move put it onto a resource it depended on): the graph
/// orders a destroy before its dependencies' destroys, and this one is its
/// own dependency, so terraform's graph fails with a self reference.
fn self_referencing_destroys(plan: &diff::Plan, prior: &State) -> Result<(), Diagnostics> {
    let index = prior.instance_index();
    let mut diags = Diagnostics::default();
    for c in plan
        .changes
        .iter()
        .filter(|c| c.action == diff::Action::Delete)
    {
        let own = c.addr.config().to_string();
        if index
            .get(&c.addr)
            .is_some_and(|i| i.dependencies.iter().any(|d| *d == own))
        {
            diags.push(crate::diagnostics::Diagnostic::error(
                format!("Self reference: {} (destroy)", c.addr),
                "",
            ));
        }
    }
    if diags.has_errors() {
        Err(diags)
    } else {
        Ok(())
    }
}
