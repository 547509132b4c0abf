//! From pairs of instance addresses to the fewest `moved` blocks with the
//! same effect: a whole module call where every object under it moves the
//! same way with its key, a module instance, a whole resource, and single
//! instances only where nothing coarser is true. A move that happens the
//! same way inside every instance of a local child module is declared in
//! that module, so every caller gets it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use crate::addrs::{AbsResource, AbsResourceInstance, InstanceKey, Module, ModuleInstance};
use crate::config::Config;

/// One `moved` block to write.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Block {
    /// The static path of the module that declares it (root: empty).
    pub module: Vec<String>,
    /// Where it goes: the declaring module's directory.
    pub dir: PathBuf,
    pub from: String,
    pub to: String,
}

/// What the minimisation needs to know besides the pairs.
pub struct Context<'a> {
    /// Every managed object of the prior state (after existing moves).
    pub prior: &'a BTreeSet<AbsResourceInstance>,
    /// Module instances the new configuration declares.
    pub new_modules: &'a BTreeSet<ModuleInstance>,
    /// The new configuration, for resource declarations and module dirs.
    pub config: &'a Config,
    /// Declare everything in the root module.
    pub root_only: bool,
}

/// A move at some granularity, in absolute addresses.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Move {
    Call {
        from: ModuleInstance,
        to: ModuleInstance,
    },
    ModuleInstance {
        from: ModuleInstance,
        to: ModuleInstance,
    },
    Resource {
        from: AbsResource,
        to: AbsResource,
    },
    Instance {
        from: AbsResourceInstance,
        to: AbsResourceInstance,
    },
}

pub fn minimal_blocks(
    pairs: &[(AbsResourceInstance, AbsResourceInstance)],
    ctx: &Context,
) -> Vec<Block> {
    let mut moves = Vec::new();
    let mut left: Vec<(AbsResourceInstance, AbsResourceInstance)> = pairs.to_vec();

    // 1. Module instances that move whole: every prior object under the old
    //    instance lands at the same place under the new one.
    let mut by_prefix: BTreeMap<(ModuleInstance, ModuleInstance), Vec<usize>> = BTreeMap::new();
    for (i, (old, new)) in left.iter().enumerate() {
        if let Some(prefixes) = module_prefixes(old, new) {
            by_prefix.entry(prefixes).or_default().push(i);
        }
    }
    let mut instance_moves: Vec<(ModuleInstance, ModuleInstance)> = Vec::new();
    let mut covered = BTreeSet::new();
    for ((from, to), idx) in &by_prefix {
        let under: usize = ctx
            .prior
            .iter()
            .filter(|a| a.module.is_within(from))
            .count();
        let occupied = ctx.prior.iter().any(|a| a.module.is_within(to));
        if under == idx.len() && !occupied && !ctx.new_modules.contains(from) {
            instance_moves.push((from.clone(), to.clone()));
            covered.extend(idx.iter().copied());
        }
    }
    // Module instance moves that keep their key and cover every instance
    // of their call become one call move.
    let mut by_call: BTreeMap<
        (ModuleInstance, ModuleInstance),
        Vec<(ModuleInstance, ModuleInstance)>,
    > = BTreeMap::new();
    for (from, to) in &instance_moves {
        let (Some(f), Some(t)) = (from.0.last(), to.0.last()) else {
            continue;
        };
        if f.key == t.key {
            by_call
                .entry((unkeyed(from), unkeyed(to)))
                .or_default()
                .push((from.clone(), to.clone()));
        }
    }
    let mut as_call = BTreeSet::new();
    for ((call_from, call_to), members) in &by_call {
        let prior_keys: BTreeSet<&InstanceKey> = ctx
            .prior
            .iter()
            .filter_map(|a| instance_of_call(&a.module, call_from).map(|s| &s.key))
            .collect();
        let declared = ctx
            .new_modules
            .iter()
            .any(|m| instance_of_call(m, call_from).is_some());
        if prior_keys.len() == members.len() && !declared {
            moves.push(Move::Call {
                from: call_from.clone(),
                to: call_to.clone(),
            });
            as_call.extend(members.iter().cloned());
        }
    }
    for m in instance_moves {
        if !as_call.contains(&m) {
            moves.push(Move::ModuleInstance { from: m.0, to: m.1 });
        }
    }
    left = left
        .into_iter()
        .enumerate()
        .filter(|(i, _)| !covered.contains(i))
        .map(|(_, p)| p)
        .collect();

    // 2. Whole resources: every prior instance moves, each keeping its key,
    //    to a resource that holds nothing yet and is not the old one.
    let mut by_resource: BTreeMap<(AbsResource, AbsResource), Vec<usize>> = BTreeMap::new();
    for (i, (old, new)) in left.iter().enumerate() {
        if old.resource.key == new.resource.key {
            by_resource
                .entry((old.containing_resource(), new.containing_resource()))
                .or_default()
                .push(i);
        }
    }
    let mut covered = BTreeSet::new();
    for ((from, to), idx) in &by_resource {
        let under = ctx
            .prior
            .iter()
            .filter(|a| &a.containing_resource() == from)
            .count();
        let occupied = ctx.prior.iter().any(|a| &a.containing_resource() == to);
        if under == idx.len() && !occupied && !declared_resource(ctx.config, from) {
            moves.push(Move::Resource {
                from: from.clone(),
                to: to.clone(),
            });
            covered.extend(idx.iter().copied());
        }
    }
    for (i, (old, new)) in left.into_iter().enumerate() {
        if !covered.contains(&i) {
            moves.push(Move::Instance { from: old, to: new });
        }
    }
    moves.sort();
    place(moves, ctx)
}

/// The module instances where two addresses diverge, when everything after
/// them (inner module steps and the resource instance) is the same.
fn module_prefixes(
    old: &AbsResourceInstance,
    new: &AbsResourceInstance,
) -> Option<(ModuleInstance, ModuleInstance)> {
    if old.resource != new.resource {
        return None;
    }
    let (o, n) = (&old.module.0, &new.module.0);
    let mut same = 0;
    while same < o.len() && same < n.len() && o[o.len() - 1 - same] == n[n.len() - 1 - same] {
        same += 1;
    }
    let (po, pn) = (&o[..o.len() - same], &n[..n.len() - same]);
    if po.is_empty() || pn.is_empty() {
        return None;
    }
    Some((ModuleInstance(po.to_vec()), ModuleInstance(pn.to_vec())))
}

/// The instance with its last key removed: the call as a path.
fn unkeyed(m: &ModuleInstance) -> ModuleInstance {
    let mut steps = m.0.clone();
    if let Some(last) = steps.last_mut() {
        last.key = InstanceKey::NoKey;
    }
    ModuleInstance(steps)
}

/// If `m` is inside an instance of `call` (given unkeyed), that step.
fn instance_of_call<'a>(
    m: &'a ModuleInstance,
    call: &ModuleInstance,
) -> Option<&'a crate::addrs::ModuleInstanceStep> {
    let n = call.0.len();
    if m.0.len() < n || m.0[..n - 1] != call.0[..n - 1] || m.0[n - 1].name != call.0[n - 1].name {
        return None;
    }
    Some(&m.0[n - 1])
}

fn declared_resource(config: &Config, r: &AbsResource) -> bool {
    let path: Vec<String> = r.module.0.iter().map(|s| s.name.clone()).collect();
    config
        .descendant(&path)
        .is_some_and(|c| c.module.resources.contains_key(&r.resource.to_string()))
}

/// The module instance both endpoints of a move live in, and the move's
/// two sides relative to it.
fn split(m: &Move) -> (ModuleInstance, String, String) {
    fn common(a: &ModuleInstance, b: &ModuleInstance) -> ModuleInstance {
        ModuleInstance(
            a.0.iter()
                .zip(&b.0)
                .take_while(|(x, y)| x == y)
                .map(|(x, _)| x.clone())
                .collect(),
        )
    }
    fn rel_module(m: &ModuleInstance, base: &ModuleInstance) -> ModuleInstance {
        ModuleInstance(m.0[base.0.len()..].to_vec())
    }
    match m {
        Move::Call { from, to } | Move::ModuleInstance { from, to } => {
            // Keep at least the last step on each side: it is what moves.
            let mut base = common(from, to);
            while base.0.len() >= from.0.len().min(to.0.len()) && !base.0.is_empty() {
                base.0.pop();
            }
            let (f, t) = (rel_module(from, &base), rel_module(to, &base));
            (base, f.to_string(), t.to_string())
        }
        Move::Resource { from, to } => {
            let base = common(&from.module, &to.module);
            let f = rel_module(&from.module, &base).resource(from.resource.clone());
            let t = rel_module(&to.module, &base).resource(to.resource.clone());
            (base, f.to_string(), t.to_string())
        }
        Move::Instance { from, to } => {
            let base = common(&from.module, &to.module);
            let f = rel_module(&from.module, &base)
                .resource(from.resource.resource.clone())
                .instance(from.resource.key.clone());
            let t = rel_module(&to.module, &base)
                .resource(to.resource.resource.clone())
                .instance(to.resource.key.clone());
            (base, f.to_string(), t.to_string())
        }
    }
}

/// Decides where each move is declared. A move relative to a module
/// instance goes into that module when the module is local and the same
/// relative move holds in every instance of it that has objects;
/// otherwise it is written in the root with full paths.
fn place(moves: Vec<Move>, ctx: &Context) -> Vec<Block> {
    let root_dir = ctx.config.module.dir.clone();
    let mut groups: BTreeMap<(Module, String, String), BTreeSet<ModuleInstance>> = BTreeMap::new();
    let mut root_blocks = Vec::new();
    for m in &moves {
        let (base, from, to) = split(m);
        if base.0.is_empty() || ctx.root_only {
            root_blocks.push(full(m, &root_dir));
        } else {
            groups
                .entry((base.module(), from, to))
                .or_default()
                .insert(base);
        }
    }
    let mut out = root_blocks;
    for ((module, from, to), instances) in groups {
        let all: BTreeSet<ModuleInstance> = ctx
            .prior
            .iter()
            .flat_map(|a| {
                (1..=a.module.0.len()).map(move |n| ModuleInstance(a.module.0[..n].to_vec()))
            })
            .filter(|m| m.is_for_module(&module))
            .collect();
        let local = is_local(ctx.config, &module.0);
        match ctx.config.descendant(&module.0) {
            Some(c) if local && all == instances => {
                out.push(Block {
                    module: module.0.clone(),
                    dir: c.module.dir.clone(),
                    from,
                    to,
                });
            }
            _ => {
                for base in instances {
                    let prefix = base.to_string();
                    out.push(Block {
                        module: Vec::new(),
                        dir: root_dir.clone(),
                        from: format!("{prefix}.{from}"),
                        to: format!("{prefix}.{to}"),
                    });
                }
            }
        }
    }
    // Callers of one shared module directory declare its block once.
    out.sort_by(|a, b| (&a.dir, &a.from, &a.to).cmp(&(&b.dir, &b.from, &b.to)));
    out.dedup_by(|a, b| a.dir == b.dir && a.from == b.from && a.to == b.to);
    out
}

fn full(m: &Move, root_dir: &std::path::Path) -> Block {
    let (from, to) = match m {
        Move::Call { from, to } | Move::ModuleInstance { from, to } => {
            (from.to_string(), to.to_string())
        }
        Move::Resource { from, to } => (from.to_string(), to.to_string()),
        Move::Instance { from, to } => (from.to_string(), to.to_string()),
    };
    Block {
        module: Vec::new(),
        dir: root_dir.to_path_buf(),
        from,
        to,
    }
}

/// Whether every call on the path has a local source: only then is the
/// child module's directory part of this repository to write into.
fn is_local(config: &Config, path: &[String]) -> bool {
    let mut c = config;
    for name in path {
        let Some(call) = c.module.module_calls.get(name) else {
            return false;
        };
        if !(call.source.starts_with("./") || call.source.starts_with("../")) {
            return false;
        }
        let Some(child) = c.children.get(name) else {
            return false;
        };
        c = child;
    }
    true
}
