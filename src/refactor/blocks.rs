//! From pairs of instance addresses to the fewest `moved` blocks with the
//! same effect: a whole module call where every object under it moves the
//! same way with its key, a module instance, a whole resource, and single
//! instances only where nothing coarser is true. A move that happens the
//! same way inside every instance of a local child module is declared in
//! that module, so every caller gets it.

use std::collections::{BTreeMap, BTreeSet, HashMap};
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
    // Prior objects under each module instance (counted at every prefix of
    // their module path), once rather than per candidate.
    let mut under_module: HashMap<&[crate::addrs::ModuleInstanceStep], usize> = HashMap::new();
    for a in ctx.prior {
        for n in 0..=a.module.0.len() {
            *under_module.entry(&a.module.0[..n]).or_default() += 1;
        }
    }
    let mut instance_moves: Vec<(ModuleInstance, ModuleInstance)> = Vec::new();
    let mut covered = BTreeSet::new();
    for ((from, to), idx) in &by_prefix {
        let under = under_module
            .get(from.0.as_slice())
            .copied()
            .unwrap_or_default();
        let occupied = under_module.contains_key(to.0.as_slice());
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
    // What is left after the module moves, with the prior objects where
    // those moves put them. Objects renamed inside a moved module become
    // moves within the new module.
    let module_moves: Vec<(ModuleInstance, ModuleInstance)> = moves
        .iter()
        .filter_map(|m| match m {
            Move::Call { from, to } | Move::ModuleInstance { from, to } => {
                Some((from.clone(), to.clone()))
            }
            _ => None,
        })
        .collect();
    let rebase = |a: &AbsResourceInstance| -> AbsResourceInstance {
        module_moves
            .iter()
            .find_map(|(from, to)| rebase_under(a, from, to))
            .unwrap_or_else(|| a.clone())
    };
    let prior_after: BTreeSet<AbsResourceInstance> = ctx.prior.iter().map(&rebase).collect();
    left = left
        .into_iter()
        .enumerate()
        .filter_map(|(i, (old, new))| {
            let old = if covered.contains(&i) {
                rebase(&old)
            } else {
                old
            };
            (old != new).then_some((old, new))
        })
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
    // Prior objects per resource, counted once rather than per candidate.
    let mut per_resource: HashMap<AbsResource, usize> = HashMap::new();
    for a in &prior_after {
        *per_resource.entry(a.containing_resource()).or_default() += 1;
    }
    let mut covered = BTreeSet::new();
    for ((from, to), idx) in &by_resource {
        let under = per_resource.get(from).copied().unwrap_or_default();
        let occupied = per_resource.contains_key(to);
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
    place(moves, ctx, &prior_after)
}

/// `a` with the module prefix `from` replaced by `to` (keys of a call move
/// carried over), or None when `a` is not under `from`.
fn rebase_under(
    a: &AbsResourceInstance,
    from: &ModuleInstance,
    to: &ModuleInstance,
) -> Option<AbsResourceInstance> {
    let n = from.0.len();
    if n == 0 || a.module.0.len() < n {
        return None;
    }
    let head = &a.module.0[..n];
    let call_move = from.0[n - 1].key == InstanceKey::NoKey
        && to.0.last().is_some_and(|s| s.key == InstanceKey::NoKey);
    let matches = head[..n - 1] == from.0[..n - 1]
        && head[n - 1].name == from.0[n - 1].name
        && (call_move || head[n - 1].key == from.0[n - 1].key);
    if !matches {
        return None;
    }
    let mut steps = to.0.clone();
    if call_move {
        if let Some(last) = steps.last_mut() {
            last.key = head[n - 1].key.clone();
        }
    }
    steps.extend(a.module.0[n..].iter().cloned());
    Some(AbsResourceInstance {
        module: ModuleInstance(steps),
        resource: a.resource.clone(),
    })
}

/// The module instances where two addresses' module paths diverge: what
/// follows them (inner module steps) is the same; the resource may differ.
fn module_prefixes(
    old: &AbsResourceInstance,
    new: &AbsResourceInstance,
) -> Option<(ModuleInstance, ModuleInstance)> {
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
fn place(moves: Vec<Move>, ctx: &Context, prior: &BTreeSet<AbsResourceInstance>) -> Vec<Block> {
    let root_dir = ctx.config.module.dir.clone();
    // Static module paths by directory: a block in a module's directory
    // applies to every module path that loads that directory.
    let mut paths_of_dir: BTreeMap<PathBuf, Vec<Module>> = BTreeMap::new();
    let mut stack = vec![ctx.config];
    while let Some(c) = stack.pop() {
        paths_of_dir
            .entry(c.module.dir.clone())
            .or_default()
            .push(Module(c.path.clone()));
        stack.extend(c.children.values());
    }
    let instances_in_prior: BTreeSet<ModuleInstance> = prior
        .iter()
        .flat_map(|a| (1..=a.module.0.len()).map(move |n| ModuleInstance(a.module.0[..n].to_vec())))
        .collect();
    let mut groups: BTreeMap<(PathBuf, String, String), BTreeSet<ModuleInstance>> = BTreeMap::new();
    let mut out = Vec::new();
    for m in &moves {
        let (base, from, to) = split(m);
        let dir = ctx
            .config
            .descendant(&base.module().0)
            .map(|c| c.module.dir.clone());
        match dir {
            Some(dir)
                if !base.0.is_empty()
                    && !ctx.root_only
                    && is_local(ctx.config, &base.module().0) =>
            {
                groups.entry((dir, from, to)).or_default().insert(base);
            }
            _ => out.push(full(m, &root_dir)),
        }
    }
    for ((dir, from, to), instances) in groups {
        let paths = paths_of_dir.get(&dir).cloned().unwrap_or_default();
        let all: BTreeSet<&ModuleInstance> = instances_in_prior
            .iter()
            .filter(|m| paths.iter().any(|p| m.is_for_module(p)))
            .collect();
        if all.iter().all(|m| instances.contains(*m)) {
            // The same move in every instance of every caller: say it once,
            // in the module, for each path that loads it.
            for p in paths {
                out.push(Block {
                    module: p.0.clone(),
                    dir: dir.clone(),
                    from: from.clone(),
                    to: to.clone(),
                });
            }
        } else {
            for base in instances {
                out.push(Block {
                    module: Vec::new(),
                    dir: root_dir.clone(),
                    from: format!("{base}.{from}"),
                    to: format!("{base}.{to}"),
                });
            }
        }
    }
    // One block per declaring module path: two callers of a shared
    // module directory each get a statement (the file is written once).
    out.sort();
    out.dedup();
    out
}

/// The blocks as files hold them: one per directory, from and to.
pub fn distinct(blocks: &[Block]) -> Vec<&Block> {
    let mut seen = BTreeSet::new();
    blocks
        .iter()
        .filter(|b| seen.insert((&b.dir, &b.from, &b.to)))
        .collect()
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
