//! A refactor across root modules: several OLD/NEW pairs (one state
//! each), where an object can leave one root and arrive in another.
//!
//! Each root is first refactored on its own (`refactor`, unchanged). What
//! is left unmatched is then paired across roots by the same pairing (same
//! type, equal compared values, references followed through the pairs).
//! A move between states is what terraform supports for it: a `removed`
//! block with `destroy = false` in the source root, which forgets the
//! object, and an `import` block in the destination's root module, which
//! takes it over by its id (or `terraform state mv -state=A -state-out=B`).
//! The proof plans every root with all its blocks: nothing destroyed
//! anywhere, and every import target configured.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::addrs::{
    AbsResourceInstance, InstanceKey, ModuleInstance, ModuleInstanceStep, ResourceMode,
};
use crate::config::{self, Engine};
use crate::diagnostics::{Diagnostic, Diagnostics, SourceMap};
use crate::instances::Run;
use crate::lang::unknown::{Origin, resolve};
use crate::lang::value::{Type, Value};
use crate::plan::diff::{Action, ActionReason, Plan};
use crate::state::InstanceIndex;

use super::pairing::{self, Mapping, Object, Side};
use super::{Outcome, Request, write};

/// The file each root's `removed` blocks go into.
pub(crate) const REMOVED_FILE: &str = "removed.tf";
/// The file each root's `import` blocks go into (terraform's docs suggest
/// `imports.tf`); import blocks are valid only in the root module.
pub(crate) const IMPORTS_FILE: &str = "imports.tf";

/// One object that moves from one root's state to another's.
#[derive(Clone, Debug)]
pub(crate) struct CrossMove {
    /// The source root (index into the roots) and the object's address
    /// in its state as it is now.
    pub from_root: usize,
    pub from: AbsResourceInstance,
    /// The destination root and the new address.
    pub to_root: usize,
    pub to: AbsResourceInstance,
    /// The id the import block takes: the `id` the source state records.
    pub id: Option<String>,
    /// Why no `removed`/`import` pair is written for it, when none is.
    pub unwritable: Option<String>,
}

/// Each root's refactor, the moves across them, and the blocks and proof
/// that say so.
pub(crate) struct CrossOutcome {
    /// The roots' own refactors. Objects that moved across roots are taken
    /// out of `pairing.unmatched`; `proof` and `edits` are the root's plan
    /// and files with every block (its moves, removed and imports).
    pub roots: Vec<Outcome>,
    pub moves: Vec<CrossMove>,
    /// Per root: the `from` of each `removed` block it gets.
    pub removed: Vec<Vec<String>>,
    /// Per root: (`to`, `id`) of each `import` block it gets.
    pub imports: Vec<Vec<(String, String)>>,
}

impl CrossOutcome {
    /// Proven: every root's plan destroys nothing, creates nothing unless
    /// allowed, and every move across roots has its blocks.
    pub(crate) fn proven(&self, allow_add: bool) -> bool {
        self.roots.iter().all(|o| o.proven(allow_add))
            && self.moves.iter().all(|m| m.unwritable.is_none())
    }
}

/// The synthetic module step that keeps roots apart while pairing across
/// them: two roots may both have `aws_vpc.main`.
fn root_step(i: usize) -> ModuleInstanceStep {
    ModuleInstanceStep {
        name: format!("minimod_root_{i}"),
        key: InstanceKey::NoKey,
    }
}

fn tagged(addr: &AbsResourceInstance, root: usize) -> AbsResourceInstance {
    let mut steps = vec![root_step(root)];
    steps.extend(addr.module.steps().iter().cloned());
    AbsResourceInstance {
        module: ModuleInstance::new(steps),
        resource: addr.resource.clone(),
    }
}

fn untagged(addr: &AbsResourceInstance) -> Option<(usize, AbsResourceInstance)> {
    let first = addr.module.steps().first()?;
    let root = first.name.strip_prefix("minimod_root_")?.parse().ok()?;
    Some((
        root,
        AbsResourceInstance {
            module: ModuleInstance::new(addr.module.steps()[1..].into()),
            resource: addr.resource.clone(),
        },
    ))
}

/// An object of root `root` with its address and the objects its
/// unknowns name tagged with the root.
fn tag_object(o: &Object, root: usize) -> Object {
    let follow = |object: &str, attr: &str| {
        let a = AbsResourceInstance::parse(object).ok()?;
        Some(Value::Unknown(
            Type::Dynamic,
            Some(Origin::attr(tagged(&a, root).to_string(), attr)),
        ))
    };
    Object {
        addr: tagged(&o.addr, root),
        values: o
            .values
            .iter()
            .map(|(k, v)| (k.clone(), resolve(v, &follow)))
            .collect(),
        set: o.set.clone(),
    }
}

/// Where a prior object of `outcome` is recorded in its state: the
/// address before the root's own moved blocks.
pub(crate) fn recorded_addr(outcome: &Outcome, addr: &AbsResourceInstance) -> AbsResourceInstance {
    outcome
        .before
        .changes
        .iter()
        .find(|c| &c.addr == addr)
        .and_then(|c| c.previous.clone())
        .unwrap_or_else(|| addr.clone())
}

/// Refactors every root, then pairs what is left across them.
pub(crate) fn refactor(
    reqs: &[Request],
    sources: &mut SourceMap,
) -> Result<CrossOutcome, Diagnostics> {
    let mut roots = Vec::new();
    for req in reqs {
        roots.push(super::refactor(req, sources)?);
    }
    let indexes: Vec<InstanceIndex> = roots.iter().map(|o| o.prior.instance_index()).collect();
    let pairs = pair_across(reqs, &roots, &indexes);

    let mut moves = Vec::new();
    for (from_root, prior, to_root, new) in pairs {
        let outcome = &roots[from_root];
        let from = recorded_addr(outcome, &prior);
        let recorded_id = reqs[from_root]
            .state
            .as_ref()
            .and_then(|_| indexes[from_root].get(&from))
            .and_then(|i| i.value().as_mapping().and_then(|m| m.get("id").cloned()));
        // A sensitive id is never printed, so it cannot go into a block.
        let sensitive = recorded_id.as_ref().is_some_and(Value::has_marks_deep);
        let id = match &recorded_id {
            Some(Value::String(s)) if !sensitive => Some(s.to_string()),
            _ => None,
        };
        let unwritable = match (&reqs[from_root].state, &id) {
            (Some(_), None) if sensitive => Some(format!(
                "the state of {} marks the id of {from} sensitive, and minimod never prints a sensitive value: write its import block by hand",
                shown(&reqs[from_root].old_dir)
            )),
            (None, _) => Some(format!(
                "the import block needs the object's id, which only a state has: give --state-for {}=FILE",
                shown(&reqs[from_root].old_dir)
            )),
            (Some(_), None) => Some(format!(
                "the state of {} records no \"id\" for {from}",
                shown(&reqs[from_root].old_dir)
            )),
            _ => None,
        };
        moves.push(CrossMove {
            from_root,
            from,
            to_root,
            to: new,
            id,
            unwritable,
        });
    }
    removable(&roots, &mut moves);

    // Each root's blocks, and the proof with them.
    let mut removed: Vec<Vec<String>> = vec![Vec::new(); reqs.len()];
    let mut imports: Vec<Vec<(String, String)>> = vec![Vec::new(); reqs.len()];
    for m in moves.iter().filter(|m| m.unwritable.is_none()) {
        let from = resource_of(&moved_addr(&roots[m.from_root], &m.from));
        if !removed[m.from_root].contains(&from) {
            removed[m.from_root].push(from);
        }
        let id = m.id.clone().unwrap_or_default();
        imports[m.to_root].push((m.to.to_string(), id));
    }
    // An import reads the object the source state records.
    let arriving: Vec<BTreeMap<AbsResourceInstance, serde_json::Value>> = (0..reqs.len())
        .map(|i| {
            moves
                .iter()
                .filter(|m| m.to_root == i && m.unwritable.is_none())
                .filter_map(|m| {
                    let at = indexes[m.from_root].get(&m.from)?;
                    Some((m.to.clone(), at.attributes.as_deref().cloned()?))
                })
                .collect()
        })
        .collect();
    for (i, req) in reqs.iter().enumerate() {
        let mut edits = roots[i].edits.clone();
        if !removed[i].is_empty() {
            edits.push(append_edit(
                &req.new_dir.join(REMOVED_FILE),
                &removed_blocks(&removed[i]),
            )?);
        }
        if !imports[i].is_empty() {
            edits.push(append_edit(
                &req.new_dir.join(IMPORTS_FILE),
                &import_blocks(&imports[i]),
            )?);
        }
        if edits.len() == roots[i].edits.len() {
            continue;
        }
        let proof = prove(
            req,
            roots[i].engine,
            &edits,
            &roots[i].prior,
            &arriving[i],
            sources,
        )?;
        roots[i].proof = proof;
        roots[i].edits = edits;
    }
    // Objects that moved across roots are explained by the move.
    for m in &moves {
        let prior = moved_addr(&roots[m.from_root], &m.from);
        roots[m.from_root]
            .pairing
            .unmatched
            .retain(|u| !(u.side == Side::Destroy && u.addr == prior));
        roots[m.to_root]
            .pairing
            .unmatched
            .retain(|u| !(u.side == Side::Create && u.addr == m.to));
    }
    Ok(CrossOutcome {
        roots,
        moves,
        removed,
        imports,
    })
}

/// The address an object recorded at `from` has after the root's own
/// moved blocks (what its plan destroys).
pub(crate) fn moved_addr(outcome: &Outcome, from: &AbsResourceInstance) -> AbsResourceInstance {
    outcome
        .before
        .changes
        .iter()
        .find(|c| c.previous.as_ref() == Some(from))
        .map(|c| c.addr.clone())
        .unwrap_or_else(|| from.clone())
}

/// What a root's own blocks already declare leaving or arriving, as
/// pairing compares them: the objects its `removed` blocks forget
/// (`destroy = false`: out of the state, not destroyed) and those its
/// `import` blocks take over. `check` pairs them across roots with the
/// leftovers, so that a move declared on one side only is found and the
/// missing block named. An import's references follow the root's own
/// pairs to the prior objects, as a leftover create's do.
pub(crate) fn declared_objects(
    req: &Request,
    outcome: &Outcome,
    sources: &mut SourceMap,
) -> Result<(Vec<Object>, Vec<Object>), Diagnostics> {
    let managed = |a: &AbsResourceInstance| a.resource.resource.mode == ResourceMode::Managed;
    let forgets: Vec<&AbsResourceInstance> = (outcome.before.changes.iter())
        .filter(|c| c.action == Action::Forget && managed(&c.addr))
        .map(|c| &c.addr)
        .collect();
    let imports: Vec<&AbsResourceInstance> =
        outcome.before.imports.iter().map(|(a, _)| a).collect();
    let index = outcome.prior.instance_index();
    let mut leaving = Vec::new();
    if !forgets.is_empty() {
        let (cfg, inputs, _) = super::load_side(&req.old_dir, outcome.engine, req, sources)?;
        let mut run = Run::new(&cfg, inputs, req.run_options(Side::Destroy));
        if let Some(s) = &req.state {
            run = run.with_prior_state(s);
        }
        let configured_here: BTreeSet<AbsResourceInstance> = run.check_all()?.into_iter().collect();
        for addr in forgets {
            let pre = recorded_addr(outcome, addr);
            // Only what the old configuration declares can be compared.
            if !configured_here.contains(&pre) {
                continue;
            }
            let configured = run.resource_config_value(&pre)?;
            let schema = crate::plan::diff::resource_schema(&run, &pre);
            let recorded = (req.state.is_some())
                .then(|| index.get(&pre).map(|i| i.value()))
                .flatten()
                .filter(|v| !v.is_null());
            let source = recorded.as_ref().unwrap_or(&configured);
            leaving.push(Object::compared(addr.clone(), &schema, &configured, source));
        }
    }
    let mut arriving = Vec::new();
    if !imports.is_empty() {
        let (cfg, inputs, _) = super::load_side(&req.new_dir, outcome.engine, req, sources)?;
        let run =
            Run::new(&cfg, inputs, req.run_options(Side::Create)).with_prior_state(&outcome.prior);
        let mapping: Mapping = (outcome.pairing.pairs.iter())
            .map(|(old, new)| (new.clone(), old.clone()))
            .collect();
        let follow = |object: &str, attr: &str| {
            let a = AbsResourceInstance::parse(object).ok()?;
            let old = recorded_addr(outcome, mapping.get(&a).unwrap_or(&a));
            index.get(&old)?;
            Some(Value::Unknown(
                Type::Dynamic,
                Some(Origin::attr(old.to_string(), attr)),
            ))
        };
        for addr in imports {
            let configured = run.resource_config_value(addr)?;
            let schema = crate::plan::diff::resource_schema(&run, addr);
            let mut o = Object::compared(addr.clone(), &schema, &configured, &configured);
            o.values = (o.values.into_iter())
                .map(|(k, v)| (k, resolve(&v, &follow)))
                .collect();
            arriving.push(o);
        }
    }
    Ok((leaving, arriving))
}

/// Pairs each root's leftover destroys with the other roots' leftover
/// creates: (source root, prior address, destination root, new address).
/// A create two source roots both claim is left unpaired.
pub(crate) fn pair_across(
    reqs: &[Request],
    roots: &[Outcome],
    indexes: &[InstanceIndex],
) -> Vec<(usize, AbsResourceInstance, usize, AbsResourceInstance)> {
    let sides: Vec<(Vec<Object>, Vec<Object>)> =
        roots.iter().map(|o| o.leftovers.clone()).collect();
    pair_objects(reqs, roots, indexes, &sides)
}

/// `pair_across` over given objects per root (what leaves it, what
/// arrives in it) instead of its leftovers: `check` adds what the roots'
/// own `removed` and `import` blocks declare (`declared_objects`).
pub(crate) fn pair_objects(
    reqs: &[Request],
    roots: &[Outcome],
    indexes: &[InstanceIndex],
    sides: &[(Vec<Object>, Vec<Object>)],
) -> Vec<(usize, AbsResourceInstance, usize, AbsResourceInstance)> {
    let creates: Vec<Object> = sides
        .iter()
        .enumerate()
        .flat_map(|(r, s)| s.1.iter().map(move |c| tag_object(c, r)))
        .collect();
    // A reference to a paired object follows it to the source root: its
    // recorded value with a state, else the same attribute there.
    let canon = |v: &Value, mapping: &Mapping| {
        let follow = |object: &str, attr: &str| {
            let a = AbsResourceInstance::parse(object).ok()?;
            let prior = mapping.get(&a)?;
            let (root, addr) = untagged(prior)?;
            let at = recorded_addr(&roots[root], &addr);
            if reqs[root].state.is_some() {
                let recorded = indexes[root].get(&at)?.value();
                let v = recorded.as_mapping()?.get(attr).cloned()?;
                return (!v.is_null()).then_some(v);
            }
            Some(Value::Unknown(
                Type::Dynamic,
                Some(Origin::attr(tagged(&at, root).to_string(), attr)),
            ))
        };
        resolve(v, &follow)
    };
    let mut claimed: BTreeMap<AbsResourceInstance, Vec<(usize, AbsResourceInstance)>> =
        BTreeMap::new();
    for (a, side) in sides.iter().enumerate() {
        let destroys: Vec<Object> = side.0.iter().map(|d| tag_object(d, a)).collect();
        let others: Vec<Object> = creates
            .iter()
            .filter(|c| untagged(&c.addr).is_some_and(|(r, _)| r != a))
            .cloned()
            .collect();
        if destroys.is_empty() || others.is_empty() {
            continue;
        }
        for (prior, new) in pairing::pair(&destroys, &others, &canon).pairs {
            let Some((_, prior)) = untagged(&prior) else {
                continue;
            };
            claimed.entry(new).or_default().push((a, prior));
        }
    }
    claimed
        .into_iter()
        .filter(|(_, by)| by.len() == 1)
        .filter_map(|(new, by)| {
            let (b, new) = untagged(&new)?;
            let (a, prior) = by.into_iter().next()?;
            Some((a, prior, b, new))
        })
        .collect()
}

/// A `removed` block names a resource, never an instance, and terraform
/// accepts it only where the configuration no longer declares that
/// resource; it then forgets every instance of it. So a move gets its
/// blocks only when its resource is gone from the source root and every
/// recorded instance of that resource moves to another root.
pub(crate) fn removable(roots: &[Outcome], moves: &mut [CrossMove]) {
    let moving: BTreeSet<(usize, AbsResourceInstance)> = moves
        .iter()
        .map(|m| (m.from_root, moved_addr(&roots[m.from_root], &m.from)))
        .collect();
    for m in moves.iter_mut().filter(|m| m.unwritable.is_none()) {
        let outcome = &roots[m.from_root];
        let at = moved_addr(outcome, &m.from);
        let gone = outcome.before.changes.iter().any(|c| {
            c.addr == at
                && matches!(
                    c.reason,
                    Some(ActionReason::NoResourceConfig | ActionReason::NoMoveTarget { .. })
                )
        });
        let resource = resource_of(&at);
        if !gone {
            m.unwritable = Some(still_declared(&resource, &at));
            continue;
        }
        let staying: Vec<&AbsResourceInstance> = outcome
            .before
            .changes
            .iter()
            .filter(|c| c.action == Action::Delete && resource_of(&c.addr) == resource)
            .map(|c| &c.addr)
            .filter(|a| !moving.contains(&(m.from_root, (*a).clone())))
            .collect();
        if let Some(other) = staying.first() {
            m.unwritable = Some(format!(
                "a removed block for {resource} would also forget {other}, which does not move: move {at} with `terraform state mv` (--output commands)"
            ));
        }
    }
}

/// Why no `removed` block can forget `at`: its resource is still declared.
pub(crate) fn still_declared(resource: &str, at: &AbsResourceInstance) -> String {
    format!(
        "{resource} is still declared in the source root, so no removed block can forget {at}: move it with `terraform state mv` (--output commands)"
    )
}

/// Whether the plan destroys `at` because its resource is gone from the
/// configuration (what a `removed` block needs).
pub(crate) fn gone(change: &crate::plan::diff::ResourceChange) -> bool {
    matches!(
        change.reason,
        Some(ActionReason::NoResourceConfig | ActionReason::NoMoveTarget { .. })
    )
}

/// The resource an instance belongs to, as a `removed` block's `from`
/// names it: module calls and resource, without instance keys.
pub(crate) fn resource_of(addr: &AbsResourceInstance) -> String {
    let module: String = addr
        .module
        .steps()
        .iter()
        .map(|s| format!("module.{}.", s.name))
        .collect();
    format!("{module}{}", addr.resource.resource)
}

pub(crate) fn removed_blocks(from: &[String]) -> String {
    from.iter()
        .map(|f| {
            format!("removed {{\n  from = {f}\n\n  lifecycle {{\n    destroy = false\n  }}\n}}\n")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

pub(crate) fn import_blocks(imports: &[(String, String)]) -> String {
    imports
        .iter()
        .map(|(to, id)| {
            // A JSON string is an HCL quoted string once template
            // sequences are escaped.
            let id = serde_json::Value::String(id.clone())
                .to_string()
                .replace("${", "$${")
                .replace("%{", "%%{");
            format!("import {{\n  to = {to}\n  id = {id}\n}}\n")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The file at `path` with `blocks` appended, every byte already there
/// kept.
fn append_edit(path: &Path, blocks: &str) -> Result<write::Edit, Diagnostics> {
    let cannot = |e: &dyn std::fmt::Display| -> Diagnostics {
        Diagnostic::error("Cannot read file", format!("{}: {e}", shown(path))).into()
    };
    // A FIFO is refused, not waited on.
    let before = match crate::atomic::read_regular(path) {
        Ok(bytes) => bytes
            .map(|b| String::from_utf8(b).map_err(|e| cannot(&e)))
            .transpose()?,
        Err(e) => return Err(cannot(&e)),
    };
    let after = match &before {
        None => blocks.to_string(),
        Some(t) if t.is_empty() => blocks.to_string(),
        Some(t) if t.ends_with("\n\n") => format!("{t}{blocks}"),
        Some(t) if t.ends_with('\n') => format!("{t}\n{blocks}"),
        Some(t) => format!("{t}\n\n{blocks}"),
    };
    Ok(write::Edit {
        path: path.to_path_buf(),
        before,
        after,
        added: Vec::new(),
    })
}

/// Plans NEW_DIR with `edits` loaded from memory, the imports reading the
/// objects that arrive from other roots.
fn prove(
    req: &Request,
    engine: Engine,
    edits: &[write::Edit],
    prior: &crate::state::State,
    arriving: &BTreeMap<AbsResourceInstance, serde_json::Value>,
    sources: &mut SourceMap,
) -> Result<Plan, Diagnostics> {
    let overlay: config::Overlay = write::overlay(edits);
    let (cfg, inputs, _) = super::load_side_with(
        &req.new_dir,
        engine,
        req,
        &overlay,
        &config::RemoteCalls::Opaque,
        sources,
    )?;
    let read = |addr: &AbsResourceInstance, _id: &str| arriving.get(addr).cloned();
    let planned = crate::plan::plan_configuration_importing(
        &cfg,
        inputs,
        prior,
        engine,
        &[],
        req.run_options(Side::Create),
        &read,
    )?;
    Ok(planned.plan)
}

/// `terraform state mv` lines for the moves across roots: from the source
/// root's state file into the destination's (`-state`/`-state-out`, the
/// local backend's options). `states` are the roots' state files.
pub(crate) fn state_mv_lines(
    binary: &str,
    moves: &[CrossMove],
    states: &[Option<PathBuf>],
) -> Vec<String> {
    use super::commands::shell_quote;
    moves
        .iter()
        .filter_map(|m| {
            let (a, b) = (states[m.from_root].as_ref()?, states[m.to_root].as_ref()?);
            Some(format!(
                "{} state mv -state={} -state-out={} {} {}",
                shell_quote(binary),
                shell_quote(&shown(a)),
                shell_quote(&shown(b)),
                shell_quote(&m.from.to_string()),
                shell_quote(&m.to.to_string())
            ))
        })
        .collect()
}

fn shown(p: &Path) -> String {
    crate::syntax::source::clean_path(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_terraforms_syntax() {
        assert_eq!(
            removed_blocks(&["module.db.terraform_data.main".into()]),
            "removed {\n  from = module.db.terraform_data.main\n\n  lifecycle {\n    destroy = false\n  }\n}\n"
        );
        assert_eq!(
            import_blocks(&[("module.c.terraform_data.n[\"a\"]".into(), "x\"y".into())]),
            "import {\n  to = module.c.terraform_data.n[\"a\"]\n  id = \"x\\\"y\"\n}\n"
        );
    }

    #[test]
    fn a_tag_keeps_roots_apart_and_comes_off() {
        let a = AbsResourceInstance::parse("module.m[1].terraform_data.x[\"k\"]").unwrap();
        let t = tagged(&a, 3);
        assert_eq!(
            t.to_string(),
            "module.minimod_root_3.module.m[1].terraform_data.x[\"k\"]"
        );
        assert_eq!(untagged(&t), Some((3, a)));
    }

    #[test]
    fn a_removed_block_names_the_resource() {
        let a = AbsResourceInstance::parse("module.m[1].terraform_data.x[\"k\"]").unwrap();
        assert_eq!(resource_of(&a), "module.m.terraform_data.x");
    }
}
