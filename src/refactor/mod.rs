//! `minimod refactor`: pair what a new configuration would destroy with
//! what it would create, write the fewest `moved` blocks that say so, and
//! prove them with the planner.
//!
//! The prior objects come from a state when one is given, else from the
//! old configuration itself (what a pull-request check has). Both
//! configurations are evaluated with symbolic references (see `symbolic`),
//! so a reference compares equal on both sides once the objects it names
//! are paired.

pub mod blocks;
pub mod pairing;
pub mod report;
pub mod symbolic;
pub mod verify;
pub mod write;

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use crate::addrs::{AbsResourceInstance, Module, MoveEndpoint, ResourceMode, unify_move_endpoints};
use crate::config::{self, Config, Engine, LoadOptions};
use crate::diagnostics::{Diagnostics, SourceMap, SourceRange};
use crate::instances::{RootInputs, Run, RunOptions, VarSource, collect_root_inputs};
use crate::lang::value::Value;
use crate::plan::diff::{Action, ActionReason, Plan};
use crate::plan::moves::MoveStatement;
use crate::state::State;

use blocks::Block;
use pairing::{Object, Pairing};
use symbolic::{Mapping, Resolved};

pub struct Request {
    pub old_dir: PathBuf,
    pub new_dir: PathBuf,
    /// The prior state; without it the old configuration stands for it.
    pub state: Option<State>,
    /// `-var` / `-var-file`, applied to both sides.
    pub vars: Vec<VarSource>,
    pub engine: Option<Engine>,
    /// Declare every block in the root module.
    pub place_root: bool,
    /// Root variable values given as values (a repository's config file).
    pub variables: Vec<(String, Value)>,
    /// Root variables with no value are unknown, not an error (a pull
    /// request check has no values for them).
    pub unset_variables_unknown: bool,
    /// A block whose keys are known only after apply is reported as
    /// unmatched instead of stopping the refactor.
    pub defer_unknown_keys: bool,
}

pub struct Outcome {
    pub blocks: Vec<Block>,
    pub pairing: Pairing,
    /// The plan of the new configuration before any new block.
    pub before: Plan,
    /// The plan with the blocks: the proof.
    pub proof: Plan,
    pub engine: Engine,
    /// Blocks whose instances cannot be known before apply: (address,
    /// side, the reason), on the old side as destroys, the new as creates.
    pub deferred: Vec<(String, pairing::Side, crate::diagnostics::Diagnostic)>,
}

impl Request {
    fn run_options(&self) -> RunOptions {
        RunOptions {
            symbolic_refs: true,
            unset_variables_unknown: self.unset_variables_unknown,
            defer_unknown_expansion: self.defer_unknown_keys,
            ..RunOptions::default()
        }
    }
}

/// Loads one side: its configuration and root inputs. `-var` values for
/// variables this side does not declare are skipped: the same command
/// line serves both sides of a refactor.
fn load_side(
    dir: &std::path::Path,
    engine: Engine,
    req: &Request,
    sources: &mut SourceMap,
) -> Result<(Config, RootInputs), Diagnostics> {
    let vars = &req.vars;
    let config = config::load(dir, &LoadOptions { engine }, sources)?;
    let vars: Vec<VarSource> = vars
        .iter()
        .filter(|v| match v {
            VarSource::Var(arg) => arg
                .split_once('=')
                .is_some_and(|(n, _)| config.module.variables.contains_key(n)),
            VarSource::File(_) => true,
        })
        .cloned()
        .collect();
    let (mut inputs, _warnings) = collect_root_inputs(&config.module, dir, &vars, sources)?;
    for (name, value) in &req.variables {
        if config.module.variables.contains_key(name) {
            let input = crate::instances::RootInput {
                value: value.clone(),
                range: None,
            };
            inputs.insert(name.clone(), input);
        }
    }
    Ok((config, inputs))
}

/// How many instance blocks the last-resort search keeps one by one.
const GREEDY_LIMIT: usize = 2000;

pub fn refactor(req: &Request, sources: &mut SourceMap) -> Result<Outcome, Diagnostics> {
    let engine = req
        .engine
        .unwrap_or_else(|| config::detect_engine(&req.new_dir));
    let (old_cfg, old_inputs) = load_side(&req.old_dir, engine, req, sources)?;
    let (new_cfg, new_inputs) = load_side(&req.new_dir, engine, req, sources)?;

    // The old configuration as it evaluates, and the prior objects.
    let mut old_run = Run::new(&old_cfg, old_inputs, req.run_options());
    if let Some(s) = &req.state {
        old_run = old_run.with_prior_state(s);
    }
    let old_instances: BTreeSet<AbsResourceInstance> = old_run.check_all()?.into_iter().collect();
    let prior = match &req.state {
        Some(s) => s.clone(),
        None => prior_from_config(&old_run, &old_instances)?,
    };

    // What the new configuration does to it, with its own moved blocks.
    let before = crate::plan::plan_configuration(
        &new_cfg,
        new_inputs.clone(),
        &prior,
        engine,
        &[],
        req.run_options(),
    )?;
    let moved_prior = &before.moved_prior;
    // Looked up once per destroy and per reference: index it once.
    let moved_index = moved_prior.instance_index();
    let new_run =
        Run::new(&new_cfg, new_inputs.clone(), req.run_options()).with_prior_state(moved_prior);

    let mut destroys = Vec::new();
    let mut creates = Vec::new();
    for c in &before.plan.changes {
        match (c.action, &c.reason) {
            (Action::Create, _) => {
                let values = mapping_of(new_run.resource_config_value(&c.addr)?);
                creates.push(Object {
                    addr: c.addr.clone(),
                    set: values.keys().cloned().collect(),
                    values,
                });
            }
            // An object a `removed` block takes away is meant to go.
            (Action::Delete, Some(ActionReason::Removed)) => {}
            (Action::Delete, _) => {
                let pre = before.moves.old_addr(&c.addr);
                let old_value = match old_instances.contains(&pre) {
                    true => Some(mapping_of(old_run.resource_config_value(&pre)?)),
                    false => None,
                };
                let recorded = mapping_of(
                    moved_index
                        .get(&c.addr)
                        .map(|i| i.value())
                        .unwrap_or_else(Value::null),
                );
                let set: BTreeSet<String> = match &old_value {
                    Some(v) => v.keys().cloned().collect(),
                    None => recorded
                        .iter()
                        .filter(|(k, v)| *k != "id" && !v.is_null())
                        .map(|(k, _)| k.clone())
                        .collect(),
                };
                let values = if req.state.is_some() {
                    recorded
                } else {
                    old_value.unwrap_or(recorded)
                };
                destroys.push(Object {
                    addr: c.addr.clone(),
                    values,
                    set,
                });
            }
            _ => {}
        }
    }

    let with_state = req.state.is_some();
    // New objects left ambiguous, with their identical candidates: a
    // reference to one resolves when every candidate recorded the same
    // value, so legitimately ambiguous twins do not take down a dependent
    // whose value is the same whichever twin it follows.
    let twins: RefCell<BTreeMap<AbsResourceInstance, Vec<AbsResourceInstance>>> =
        RefCell::new(BTreeMap::new());
    let recorded_attr = |at: &AbsResourceInstance, attr: &str| -> Option<Value> {
        let recorded = moved_index.get(at).map(|i| i.value())?;
        let v = recorded.as_mapping().and_then(|m| m.get(attr).cloned())?;
        (!v.is_null()).then_some(v)
    };
    let canon = |v: &Value, mapping: &Mapping| {
        symbolic::rewrite(v, &|a, attr| {
            let Some(at) = mapping
                .get(a)
                .cloned()
                .or_else(|| moved_index.get(a).map(|_| a.clone()))
            else {
                if !with_state {
                    return None;
                }
                let twins = twins.borrow();
                let mut values = twins.get(a)?.iter().map(|t| recorded_attr(t, attr));
                let first = values.next()??;
                return values
                    .all(|v| v.as_ref() == Some(&first))
                    .then_some(Resolved::Value(first));
            };
            if with_state && let Some(v) = recorded_attr(&at, attr) {
                return Some(Resolved::Value(v));
            }
            Some(Resolved::Token(
                before.moves.old_addr(&at),
                attr.to_string(),
            ))
        })
    };
    let mut pairing = pairing::pair(&destroys, &creates, &canon);
    let ambiguous: BTreeMap<AbsResourceInstance, Vec<AbsResourceInstance>> = pairing
        .unmatched
        .iter()
        .filter(|u| u.side == pairing::Side::Create)
        .filter_map(|u| match &u.reason {
            pairing::Reason::Ambiguous(cands) => Some((u.addr.clone(), cands.clone())),
            _ => None,
        })
        .collect();
    if with_state && !ambiguous.is_empty() {
        *twins.borrow_mut() = ambiguous;
        pairing = pairing::pair(&destroys, &creates, &canon);
    }
    // An object whose declared move was blocked stays where it was and is
    // destroyed: say so rather than "nothing to pair with".
    for u in &mut pairing.unmatched {
        if u.side != pairing::Side::Destroy {
            continue;
        }
        if let Some(wanted) = blocked_destination(&before.moves.blocked, &u.addr) {
            u.reason = pairing::Reason::Blocked(wanted);
        }
    }

    let prior_addrs: BTreeSet<AbsResourceInstance> = moved_prior
        .instances()
        .map(|(a, _)| a)
        .filter(|a| a.resource.resource.mode == ResourceMode::Managed)
        .collect();
    let module_instances = new_run.module_instances()?;
    let resource_instances = new_run.resource_instances()?;
    let new_modules = module_instances.iter().cloned().collect();
    let ctx = blocks::Context {
        prior: &prior_addrs,
        new_modules: &new_modules,
        config: &new_cfg,
        root_only: req.place_root,
    };
    // The coarsest set terraform's validation accepts: a coarse set can
    // overlap with itself or with the configuration's own blocks once
    // declared in shared module directories; the finer ones are declared
    // in the root from the old addresses.
    let valid = |blocks: &[Block]| -> Result<Option<Vec<MoveStatement>>, Diagnostics> {
        let statements = statements_of(blocks, &new_cfg)?;
        let invalid = crate::plan::moves::validate_with(
            &new_cfg,
            &prior,
            &statements,
            engine,
            &module_instances,
            &resource_instances,
        );
        Ok((!invalid.has_errors()).then_some(statements))
    };
    let mut chosen = None;
    for level in blocks::Granularity::ALL {
        let candidate = blocks::blocks_at(&pairing.pairs, &ctx, level);
        if let Some(statements) = valid(&candidate)? {
            chosen = Some((candidate, statements));
            break;
        }
    }
    let (blocks, statements) = match chosen {
        Some(c) => c,
        None => {
            // Even single instances overlap with the configuration's own
            // statements: keep the blocks that stay valid together, in
            // order; the pairs left out are then planned as they are.
            // (One validation per block: bounded, past that the proof
            // reports what is invalid.)
            let all = blocks::blocks_at(&pairing.pairs, &ctx, blocks::Granularity::Instances);
            let kept = if all.len() > GREEDY_LIMIT {
                all
            } else {
                let mut kept: Vec<Block> = Vec::new();
                for b in all {
                    kept.push(b);
                    if valid(&kept)?.is_none() {
                        kept.pop();
                    }
                }
                kept
            };
            let statements = statements_of(&kept, &new_cfg)?;
            (kept, statements)
        }
    };
    let proof = crate::plan::plan_configuration(
        &new_cfg,
        new_inputs,
        &prior,
        engine,
        &statements,
        req.run_options(),
    )?;
    let mut deferred: Vec<(String, pairing::Side, crate::diagnostics::Diagnostic)> = old_run
        .deferred()
        .into_iter()
        .map(|(a, d)| (a, pairing::Side::Destroy, d))
        .collect();
    deferred.extend(
        before
            .deferred
            .iter()
            .cloned()
            .map(|(a, d)| (a, pairing::Side::Create, d)),
    );
    Ok(Outcome {
        blocks,
        pairing,
        before: before.plan,
        proof: proof.plan,
        engine,
        deferred,
    })
}

/// Where a blocked move wanted `addr` to go, if a blocked move covers it.
fn blocked_destination(
    blocked: &[crate::plan::moves::MoveBlocked],
    addr: &AbsResourceInstance,
) -> Option<AbsResourceInstance> {
    use crate::addrs::AbsMoveable;
    blocked.iter().find_map(|b| match (&b.actual, &b.wanted) {
        (AbsMoveable::ResourceInstance(a), AbsMoveable::ResourceInstance(w)) => {
            (a == addr).then(|| w.clone())
        }
        (AbsMoveable::Resource(a), AbsMoveable::Resource(w)) => {
            (a == &addr.containing_resource()).then(|| w.instance(addr.resource.key.clone()))
        }
        (AbsMoveable::ModuleInstance(a), AbsMoveable::ModuleInstance(w))
            if addr.module.is_within(a) =>
        {
            let rest = crate::addrs::ModuleInstance(addr.module.0[a.0.len()..].to_vec());
            Some(AbsResourceInstance {
                module: w.join(&rest),
                resource: addr.resource.clone(),
            })
        }
        _ => None,
    })
}

fn mapping_of(v: Value) -> BTreeMap<String, Value> {
    v.as_mapping().cloned().unwrap_or_default()
}

/// Without a state, the old configuration stands for it: every managed
/// instance it declares exists, with the arguments it configures (and
/// symbolic tokens where those refer to what only apply would know).
fn prior_from_config(
    run: &Run,
    instances: &BTreeSet<AbsResourceInstance>,
) -> Result<State, Diagnostics> {
    let mut state = State::new(env!("CARGO_PKG_VERSION"));
    for addr in instances
        .iter()
        .filter(|a| a.resource.resource.mode == ResourceMode::Managed)
    {
        let (value, _) = run.resource_config_value(addr)?.unmark_deep();
        crate::plan::apply::insert(&mut state, addr, crate::lang::display::json(&value));
    }
    Ok(state)
}

/// The blocks as move statements, for the proof: a block written in a
/// module directory is declared by every module path that loads that
/// directory, whichever caller it was derived for.
pub fn statements_of(blocks: &[Block], config: &Config) -> Result<Vec<MoveStatement>, Diagnostics> {
    let paths_of_dir = blocks::module_paths_by_dir(config);
    let mut out = Vec::new();
    for b in blocks::distinct(blocks) {
        let parse = |s: &str| MoveEndpoint::parse(s).map_err(Diagnostics::from);
        let (from, to) = (parse(&b.from)?, parse(&b.to)?);
        let file = b.dir.join("moved.tf");
        let declaring: Vec<Module> = match paths_of_dir.get(&blocks::dir_key(&b.dir)) {
            Some((_, paths)) => paths.clone(),
            None => vec![Module(b.module.clone())],
        };
        for module in declaring {
            let (from, to) =
                unify_move_endpoints(&from, &to, &module).map_err(Diagnostics::from)?;
            out.push(MoveStatement {
                from,
                to,
                range: SourceRange::file_only(&file.to_string_lossy()),
                implied: false,
            });
        }
    }
    Ok(out)
}

impl Outcome {
    /// Proven: nothing destroyed, and nothing created unless allowed.
    pub fn proven(&self, allow_add: bool) -> bool {
        let (add, _, destroy) = self.proof.counts();
        destroy == 0 && (allow_add || add == 0) && self.deferred.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The blocks minimod once wrote for the differential case 30101: a
    /// root block into a wrapped call, and a rename in modules/iam, which
    /// both callers (`iam3` and `wrap_1002.iam`, reached as
    /// `modules/w1002/../iam`) load. The proof must declare the child block
    /// for both and fail as terraform does.
    #[test]
    fn a_block_in_a_shared_directory_is_declared_by_every_caller() {
        let case = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/refactors/terraform-rejects-child-plus-root-block-30101");
        let mut sources = SourceMap::default();
        let engine = Engine::Terraform;
        let load = |dir: &str, sources: &mut SourceMap| {
            config::load(&case.join(dir), &LoadOptions { engine }, sources).unwrap()
        };
        let (old, new) = (load("old", &mut sources), load("new", &mut sources));
        let block = |module: &[&str], dir: &str, from: &str, to: &str| Block {
            module: module.iter().map(|s| s.to_string()).collect(),
            dir: case.join("new").join(dir),
            from: from.into(),
            to: to.into(),
        };
        let child = block(
            &["iam3"],
            "modules/iam",
            "terraform_data.db",
            "terraform_data.dns_1001",
        );
        let root = block(
            &[],
            ".",
            "module.iam.terraform_data.db",
            "module.wrap_1002.module.iam.terraform_data.dns_1001",
        );
        let declared: Vec<String> = statements_of(std::slice::from_ref(&child), &new)
            .unwrap()
            .iter()
            .map(|s| s.from.to_string())
            .collect();
        assert_eq!(
            declared,
            [
                "module.iam3[*].terraform_data.db[*]",
                "module.wrap_1002[*].module.iam[*].terraform_data.db[*]"
            ]
        );

        let old_run = Run::new(&old, RootInputs::new(), RunOptions::default());
        let prior = prior_from_config(
            &old_run,
            &old_run.check_all().unwrap().into_iter().collect(),
        )
        .unwrap();
        let run = Run::new(&new, RootInputs::new(), RunOptions::default());
        let (modules, resources) = (
            run.module_instances().unwrap(),
            run.resource_instances().unwrap(),
        );
        let check = |blocks: &[Block]| {
            let stmts = statements_of(blocks, &new).unwrap();
            crate::plan::moves::validate_with(&new, &prior, &stmts, engine, &modules, &resources)
        };
        let invalid = check(&[root, child.clone()]);
        assert_eq!(
            invalid
                .0
                .iter()
                .map(|d| d.summary.as_str())
                .collect::<Vec<_>>(),
            ["Ambiguous move statements"]
        );
        let call_move = block(&[], ".", "module.iam", "module.wrap_1002.module.iam");
        assert!(!check(&[call_move, child]).has_errors());
    }
}
