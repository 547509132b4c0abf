//! From pairs of instance addresses to the fewest `moved` blocks with the
//! same effect: a whole module call where every object under it moves the
//! same way with its key, a module instance, a whole resource, and single
//! instances only where nothing coarser is true. A move that happens the
//! same way inside every instance of a local child module is declared in
//! that module, so every caller gets it.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::PathBuf;

use crate::addrs::{
    AbsResource, AbsResourceInstance, InstanceKey, Module, ModuleInstance, ModuleInstanceStep,
    Resource,
};
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
pub(crate) struct Context<'a> {
    /// Every managed object of the prior state (after existing moves).
    pub prior: &'a Prior<'a>,
    /// Module instances the new configuration declares.
    pub new_modules: &'a BTreeSet<ModuleInstance>,
    /// The new configuration, for resource declarations and module dirs.
    pub config: &'a Config,
    /// Declare everything in the root module.
    pub root_only: bool,
}

/// The prior objects by module instance, each instance's objects sorted:
/// what the derivation asks of the prior state is per module instance or
/// per resource, so a module move rebases one entry rather than every
/// object under it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Prior<'a> {
    modules: BTreeMap<ModuleInstance, Vec<(&'a Resource, &'a InstanceKey)>>,
}

impl<'a> Prior<'a> {
    /// From each resource's module instance, resource and instance keys.
    pub(crate) fn new<K>(
        resources: impl IntoIterator<Item = (&'a ModuleInstance, &'a Resource, K)>,
    ) -> Prior<'a>
    where
        K: IntoIterator<Item = &'a InstanceKey>,
    {
        let mut modules: BTreeMap<ModuleInstance, Vec<(&'a Resource, &'a InstanceKey)>> =
            BTreeMap::new();
        for (m, r, keys) in resources {
            let objects: Vec<_> = keys.into_iter().map(|k| (r, k)).collect();
            // A module instance is in the prior state only with an object.
            if objects.is_empty() {
                continue;
            }
            if let Some(held) = modules.get_mut(m) {
                held.extend(objects);
            } else {
                modules.insert(m.clone(), objects);
            }
        }
        for objects in modules.values_mut() {
            objects.sort();
            objects.dedup();
        }
        Prior { modules }
    }

    /// The prior objects once the module instances `rebase` names have
    /// moved (None: the instance stays).
    fn rebased(&self, rebase: impl Fn(&ModuleInstance) -> Option<ModuleInstance>) -> Prior<'a> {
        let mut modules: BTreeMap<ModuleInstance, Vec<(&'a Resource, &'a InstanceKey)>> =
            BTreeMap::new();
        for (m, objects) in &self.modules {
            let held = modules
                .entry(rebase(m).unwrap_or_else(|| m.clone()))
                .or_default();
            let merged = !held.is_empty();
            held.extend(objects.iter().copied());
            if merged {
                held.sort();
                held.dedup();
            }
        }
        Prior { modules }
    }

    /// Objects under each module instance, counted at every prefix of its
    /// path (the empty prefix: every object).
    fn under_modules(&self) -> HashMap<&[ModuleInstanceStep], usize> {
        let mut under: HashMap<&[ModuleInstanceStep], usize> = HashMap::new();
        for (m, objects) in &self.modules {
            for n in 0..=m.steps().len() {
                *under.entry(&m.steps()[..n]).or_default() += objects.len();
            }
        }
        under
    }

    /// The instances of `r` in module instance `m`.
    fn count(&self, m: &ModuleInstance, r: &Resource) -> usize {
        self.modules.get(m).map_or(0, |objects| {
            let start = objects.partition_point(|(x, _)| *x < r);
            let end = objects.partition_point(|(x, _)| *x <= r);
            end - start
        })
    }

    fn holds_instance(&self, m: &ModuleInstance, r: &crate::addrs::ResourceInstance) -> bool {
        self.modules
            .get(m)
            .is_some_and(|objects| objects.binary_search(&(&r.resource, &r.key)).is_ok())
    }
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

/// How coarse a derivation may be. The refactor tries them in order and
/// keeps the first whose statements terraform's validation accepts: a
/// coarse set can overlap with itself once declared in shared module
/// directories, the finer ones are declared in the root from the old
/// addresses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Granularity {
    /// Module calls and instances, resources, instances; placed in child
    /// modules where every caller moves the same way.
    Coarse,
    /// The same moves, every one declared in the root.
    CoarseInRoot,
    /// Whole resources and instances, in the root.
    Resources,
    /// One block per instance, in the root.
    Instances,
}

impl Granularity {
    pub(crate) const ALL: [Granularity; 4] = [
        Granularity::Coarse,
        Granularity::CoarseInRoot,
        Granularity::Resources,
        Granularity::Instances,
    ];
}

/// Pairs still to declare: the old address as the moves found so far left
/// it (borrowed until one rebases it), and the new one.
type Left<'p> = Vec<(Cow<'p, AbsResourceInstance>, &'p AbsResourceInstance)>;

pub(crate) fn blocks_at(
    pairs: &[(AbsResourceInstance, AbsResourceInstance)],
    ctx: &Context,
    level: Granularity,
) -> Vec<Block> {
    let mut moves = Vec::new();

    if level == Granularity::Instances {
        for (old, new) in pairs {
            moves.push(Move::Instance {
                from: old.clone(),
                to: new.clone(),
            });
        }
        moves.sort();
        return place(moves, ctx, ctx.prior, true);
    }

    let mut left: Left = pairs.iter().map(|(o, n)| (Cow::Borrowed(o), n)).collect();
    let mut prior_after: Cow<Prior> = Cow::Borrowed(ctx.prior);

    // 1. Module instances that move whole, shallowest first, in rounds: a
    //    module moved in one round may have modules renamed inside it,
    //    found in the next (they chain after it).
    if level != Granularity::Resources {
        for _ in 0..8 {
            let found = module_moves(&left, &prior_after, ctx);
            if found.is_empty() {
                break;
            }
            // The moves of a round never nest: each address has at most one,
            // found by looking up its module path's prefixes (a call move
            // matches any key of its call, see `rebase_under`).
            let mut calls: HashMap<
                (&[ModuleInstanceStep], &str),
                (&ModuleInstance, &ModuleInstance),
            > = HashMap::new();
            let mut instances: HashMap<&[ModuleInstanceStep], (&ModuleInstance, &ModuleInstance)> =
                HashMap::new();
            for m in &found {
                if let Move::Call { from, to } | Move::ModuleInstance { from, to } = m
                    && let Some(last) = from.steps().last()
                {
                    let call_like = last.key == InstanceKey::NoKey
                        && to
                            .steps()
                            .last()
                            .is_some_and(|s| s.key == InstanceKey::NoKey);
                    if call_like {
                        let parent = &from.steps()[..from.steps().len() - 1];
                        calls.insert((parent, last.name.as_str()), (from, to));
                    } else {
                        instances.insert(from.steps(), (from, to));
                    }
                }
            }
            // Where a module instance goes, None when it stays.
            let rebase = |m: &ModuleInstance| -> Option<ModuleInstance> {
                (1..=m.steps().len())
                    .find_map(|n| {
                        let steps = &m.steps();
                        calls
                            .get(&(&steps[..n - 1], steps[n - 1].name.as_str()))
                            .or_else(|| instances.get(&steps[..n]))
                    })
                    .and_then(|(from, to)| rebase_under(m, from, to))
            };
            prior_after = Cow::Owned(prior_after.rebased(rebase));
            // Pairs come in prior address order: one module instance's
            // objects in a row, rebased once.
            let mut last: Option<(ModuleInstance, Option<ModuleInstance>)> = None;
            left.retain_mut(|(old, new)| {
                if last.as_ref().is_none_or(|(m, _)| *m != old.module) {
                    last = Some((old.module.clone(), rebase(&old.module)));
                }
                if let Some((_, Some(m))) = &last {
                    // Moved where it belongs: nothing left to declare.
                    if *m == new.module && old.resource == new.resource {
                        return false;
                    }
                    *old = Cow::Owned(AbsResourceInstance {
                        module: m.clone(),
                        resource: old.resource.clone(),
                    });
                }
                **old != **new
            });
            moves.extend(found);
        }
    }

    // 2. Whole resources: every prior instance moves, each keeping its key,
    //    to a resource that holds nothing yet and is not the old one.
    let mut by_resource: BTreeMap<
        (&ModuleInstance, &Resource, &ModuleInstance, &Resource),
        Vec<usize>,
    > = BTreeMap::new();
    for (i, (old, new)) in left.iter().enumerate() {
        if old.resource.key == new.resource.key {
            by_resource
                .entry((
                    &old.module,
                    &old.resource.resource,
                    &new.module,
                    &new.resource.resource,
                ))
                .or_default()
                .push(i);
        }
    }
    let mut covered = vec![false; left.len()];
    for ((from_m, from_r, to_m, to_r), idx) in &by_resource {
        let under = prior_after.count(from_m, from_r);
        let occupied = prior_after.count(to_m, to_r) > 0;
        if under == idx.len() && !occupied && !declared_resource(ctx.config, from_m, from_r) {
            moves.push(Move::Resource {
                from: (*from_r).clone().absolute((*from_m).clone()),
                to: (*to_r).clone().absolute((*to_m).clone()),
            });
            for &i in idx {
                covered[i] = true;
            }
        }
    }
    drop(by_resource);
    for (i, (old, new)) in left.into_iter().enumerate() {
        if !covered[i] {
            moves.push(Move::Instance {
                from: old.into_owned(),
                to: new.clone(),
            });
        }
    }
    moves.sort();
    place(moves, ctx, &prior_after, level != Granularity::Coarse)
}
/// The module moves of one round: for each old module instance, shallowest
/// first, a destination when every prior object under it is paired with
/// something under one new module instance, the old instance is no longer
/// declared and the new one holds nothing yet. Of the destinations every
/// object agrees on (prefixes of their common module path), the one that
/// puts most objects straight into their module is taken: a wrap keeps
/// the wrapped call (`module.svc` -> `module.wrap.module.svc`), an
/// extraction inside a renamed module stays a rename of the module
/// (`module.a` -> `module.b`, then `x` -> `module.c.x` inside it); a
/// destination ending in the same call is preferred over one that puts
/// more objects straight into place.
/// Instance moves that keep their keys and cover every instance of their
/// call become one call move.
fn module_moves(pairs: &Left, prior: &Prior, ctx: &Context) -> Vec<Move> {
    type Steps = [ModuleInstanceStep];
    // The pairs under each old module instance whose module changes.
    let mut by_prefix: BTreeMap<&Steps, Vec<usize>> = BTreeMap::new();
    // Pairs come in prior address order, one old module instance's in a
    // row: each run is filed under its prefixes once (a lookup per pair
    // compared module paths by content, 2 million times at 100k).
    let moving: Vec<(usize, &ModuleInstance)> = (pairs.iter().enumerate())
        .filter(|(_, (old, new))| old.module != new.module)
        .map(|(i, (old, _))| (i, &old.module))
        .collect();
    for run in moving.chunk_by(|a, b| a.1 == b.1) {
        let steps = run[0].1.steps();
        for n in 1..=steps.len() {
            let idx = by_prefix.entry(&steps[..n]).or_default();
            idx.extend(run.iter().map(|&(i, _)| i));
        }
    }
    if by_prefix.is_empty() {
        return Vec::new();
    }
    // Prior objects under each module instance (counted at every prefix of
    // their module path), once rather than per candidate.
    let under_module = prior.under_modules();
    let mut candidates: Vec<(&Steps, Vec<usize>)> = by_prefix.into_iter().collect();
    candidates.sort_by_key(|(f, _)| f.len());
    let mut instance_moves: Vec<(ModuleInstance, ModuleInstance)> = Vec::new();
    // Old instances already moving: what is under them moves with them.
    let mut moving: HashSet<&Steps> = HashSet::new();
    for (from, idx) in candidates {
        if (1..=from.len()).any(|n| moving.contains(&from[..n])) {
            continue;
        }
        let under = under_module.get(from).copied().unwrap_or_default();
        let from_inst = ModuleInstance::new(from.into());
        if under != idx.len() || ctx.new_modules.contains(&from_inst) {
            continue;
        }
        // The module path every destination shares.
        let mut common: &Steps = pairs[idx[0]].1.module.steps();
        for &i in &idx {
            let n = &pairs[i].1.module.steps();
            let k = common
                .iter()
                .zip(n.iter())
                .take_while(|(a, b)| a == b)
                .count();
            common = &common[..k];
        }
        let best = (1..=common.len())
            .filter(|&j| !under_module.contains_key(&common[..j]) && common[..j] != *from)
            .map(|j| {
                let to = &common[..j];
                let exact = idx
                    .iter()
                    .filter(|&&i| {
                        let (old, new) = (&pairs[i].0.module.steps(), &pairs[i].1.module.steps());
                        new.len() == j + old.len() - from.len()
                            && new[..j] == *to
                            && new[j..] == old[from.len()..]
                    })
                    .count();
                // A destination ending in the same call keeps the module
                // (a wrap, a re-key): what changed inside it is then said
                // once in its directory, for every caller.
                let same_call = to[j - 1].name == from[from.len() - 1].name;
                (same_call, exact, j)
            })
            .max();
        if let Some((same_call, exact, j)) = best
            && (same_call || exact > 0)
        {
            moving.insert(from);
            instance_moves.push((from_inst, ModuleInstance::new(common[..j].into())));
        }
    }
    // Module instance moves that keep their key and cover every instance
    // of their call become one call move.
    let mut by_call: BTreeMap<
        (ModuleInstance, ModuleInstance),
        Vec<(ModuleInstance, ModuleInstance)>,
    > = BTreeMap::new();
    for (from, to) in &instance_moves {
        let (Some(f), Some(t)) = (from.steps().last(), to.steps().last()) else {
            continue;
        };
        if f.key == t.key {
            by_call
                .entry((unkeyed(from), unkeyed(to)))
                .or_default()
                .push((from.clone(), to.clone()));
        }
    }
    let mut moves = Vec::new();
    let mut as_call = BTreeSet::new();
    for ((call_from, call_to), members) in &by_call {
        let prior_keys: BTreeSet<&InstanceKey> = prior
            .modules
            .keys()
            .filter_map(|m| instance_of_call(m, call_from).map(|s| &s.key))
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
    moves
}

/// Module instance `m` with the prefix `from` replaced by `to` (keys of a
/// call move carried over), or None when `m` is not under `from`.
fn rebase_under(
    m: &ModuleInstance,
    from: &ModuleInstance,
    to: &ModuleInstance,
) -> Option<ModuleInstance> {
    let n = from.steps().len();
    if n == 0 || m.steps().len() < n {
        return None;
    }
    let head = &m.steps()[..n];
    let call_move = from.steps()[n - 1].key == InstanceKey::NoKey
        && to
            .steps()
            .last()
            .is_some_and(|s| s.key == InstanceKey::NoKey);
    let matches = head[..n - 1] == from.steps()[..n - 1]
        && head[n - 1].name == from.steps()[n - 1].name
        && (call_move || head[n - 1].key == from.steps()[n - 1].key);
    if !matches {
        return None;
    }
    let mut steps = to.steps().to_vec();
    if call_move && let Some(last) = steps.last_mut() {
        last.key = head[n - 1].key.clone();
    }
    steps.extend(m.steps()[n..].iter().cloned());
    Some(ModuleInstance::new(steps))
}

/// The instance with its last key removed: the call as a path.
fn unkeyed(m: &ModuleInstance) -> ModuleInstance {
    let mut steps = m.steps().to_vec();
    if let Some(last) = steps.last_mut() {
        last.key = InstanceKey::NoKey;
    }
    ModuleInstance::new(steps)
}

/// If `m` is inside an instance of `call` (given unkeyed), that step.
fn instance_of_call<'a>(
    m: &'a ModuleInstance,
    call: &ModuleInstance,
) -> Option<&'a ModuleInstanceStep> {
    let n = call.steps().len();
    if m.steps().len() < n
        || m.steps()[..n - 1] != call.steps()[..n - 1]
        || m.steps()[n - 1].name != call.steps()[n - 1].name
    {
        return None;
    }
    Some(&m.steps()[n - 1])
}

fn declared_resource(config: &Config, module: &ModuleInstance, r: &Resource) -> bool {
    let path: Vec<String> = module.steps().iter().map(|s| s.name.clone()).collect();
    config
        .descendant(&path)
        .is_some_and(|c| c.module.resources.contains_key(&r.to_string()))
}

/// The module instance both endpoints of a move live in, and the move's
/// two sides relative to it.
fn split(m: &Move) -> (ModuleInstance, String, String) {
    fn common(a: &ModuleInstance, b: &ModuleInstance) -> ModuleInstance {
        ModuleInstance::new(
            a.steps()
                .iter()
                .zip(b.steps().iter())
                .take_while(|(x, y)| x == y)
                .map(|(x, _)| x.clone())
                .collect(),
        )
    }
    fn rel_module(m: &ModuleInstance, base: &ModuleInstance) -> ModuleInstance {
        ModuleInstance::new(m.steps()[base.steps().len()..].into())
    }
    match m {
        Move::Call { from, to } | Move::ModuleInstance { from, to } => {
            // Keep at least the last step on each side: it is what moves.
            let mut base = common(from, to);
            while base.steps().len() >= from.steps().len().min(to.steps().len())
                && !base.steps().is_empty()
            {
                base = base.parent().unwrap_or_default();
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
/// otherwise (or with `root_only`) it is written in the root with full
/// paths.
fn place(moves: Vec<Move>, ctx: &Context, prior: &Prior, root_only: bool) -> Vec<Block> {
    let root_dir = ctx.config.module.dir.clone();
    let paths_of_dir = module_paths_by_dir(ctx.config);
    let instances_in_prior: BTreeSet<ModuleInstance> = prior
        .modules
        .keys()
        .flat_map(|m| {
            (1..=m.steps().len()).map(move |n| ModuleInstance::new(m.steps()[..n].into()))
        })
        .collect();
    // What the prior state holds, to tell which instances of a module have
    // the object a move names.
    let calls_in_prior: HashSet<(&[ModuleInstanceStep], &str)> = instances_in_prior
        .iter()
        .filter_map(|m| {
            let (last, parent) = m.steps().split_last()?;
            Some((parent, last.name.as_str()))
        })
        .collect();
    let holds = |inst: &ModuleInstance, subject: &Subject| -> bool {
        let mut steps = inst.steps().to_vec();
        match subject {
            Subject::Call(rel) => {
                steps.extend(rel.iter().cloned());
                steps.split_last().is_some_and(|(last, parent)| {
                    calls_in_prior.contains(&(parent, last.name.as_str()))
                })
            }
            Subject::ModuleInstance(rel) => {
                steps.extend(rel.iter().cloned());
                instances_in_prior.contains(&ModuleInstance::new(steps))
            }
            Subject::Resource(rel, r) => {
                steps.extend(rel.iter().cloned());
                prior.count(&ModuleInstance::new(steps), r) > 0
            }
            Subject::Instance(rel, r) => {
                steps.extend(rel.iter().cloned());
                prior.holds_instance(&ModuleInstance::new(steps), r)
            }
        }
    };
    type Group = (BTreeSet<ModuleInstance>, Option<Subject>);
    let mut groups: BTreeMap<(PathBuf, String, String), Group> = BTreeMap::new();
    let mut out = Vec::new();
    let mut dir_keys = DirKeys::default();
    for m in &moves {
        let (base, from, to) = split(m);
        let dir = ctx
            .config
            .descendant(&base.module().0)
            .map(|c| dir_keys.get(&c.module.dir).clone());
        match dir {
            Some(dir)
                if !base.steps().is_empty()
                    && !ctx.root_only
                    && !root_only
                    && is_local(ctx.config, &base.module().0) =>
            {
                let group = groups.entry((dir, from, to)).or_default();
                group.1.get_or_insert_with(|| subject(m, &base));
                group.0.insert(base);
            }
            _ => out.push(full(m, &root_dir)),
        }
    }
    for ((key, from, to), (instances, subject)) in groups {
        let (dir, paths) = paths_of_dir
            .get(&key)
            .map_or((&root_dir, &[][..]), |(d, p)| (d, p.as_slice()));
        // Every instance of every caller that has the object moves it the
        // same way: instances without it are left alone by the statement.
        let everywhere = subject.is_some_and(|subject| {
            instances_in_prior
                .iter()
                .filter(|m| paths.iter().any(|p| m.is_for_module(p)))
                .filter(|m| holds(m, &subject))
                .all(|m| instances.contains(m))
        });
        if !paths.is_empty() && everywhere {
            // Say it once, in the module, for each path that loads it.
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

/// What a move's `from` names, relative to the module instance that
/// declares it.
#[derive(Clone, Debug)]
enum Subject {
    Call(Vec<ModuleInstanceStep>),
    ModuleInstance(Vec<ModuleInstanceStep>),
    Resource(Vec<ModuleInstanceStep>, Resource),
    Instance(Vec<ModuleInstanceStep>, crate::addrs::ResourceInstance),
}

fn subject(m: &Move, base: &ModuleInstance) -> Subject {
    let rel = |module: &ModuleInstance| {
        module.steps()[base.steps().len().min(module.steps().len())..].to_vec()
    };
    match m {
        Move::Call { from, .. } => Subject::Call(rel(from)),
        Move::ModuleInstance { from, .. } => Subject::ModuleInstance(rel(from)),
        Move::Resource { from, .. } => Subject::Resource(rel(&from.module), from.resource.clone()),
        Move::Instance { from, .. } => Subject::Instance(rel(&from.module), from.resource.clone()),
    }
}

/// A directory as the file system knows it: `modules/a/../b` and
/// `modules/b` are one directory, and a `moved.tf` written there is loaded
/// by every module call whose source leads there.
pub(crate) fn dir_key(dir: &std::path::Path) -> PathBuf {
    dir.canonicalize().unwrap_or_else(|_| {
        let mut out = PathBuf::new();
        for c in dir.components() {
            match c {
                std::path::Component::CurDir => {}
                std::path::Component::ParentDir if out.file_name().is_some() => {
                    out.pop();
                }
                c => out.push(c),
            }
        }
        out
    })
}

/// [`dir_key`] of each directory asked, once: it asks the file system
/// (at 100,000 moves, a `realpath` each was a tenth of a refactor).
#[derive(Default)]
pub(crate) struct DirKeys<'a>(HashMap<&'a std::path::Path, PathBuf>);

impl<'a> DirKeys<'a> {
    pub(crate) fn get(&mut self, dir: &'a std::path::Path) -> &PathBuf {
        self.0.entry(dir).or_insert_with(|| dir_key(dir))
    }
}

/// The static module paths that load each directory (keyed by
/// [`dir_key`]), with the directory spelled as its shortest caller does.
pub(crate) fn module_paths_by_dir(config: &Config) -> BTreeMap<PathBuf, (PathBuf, Vec<Module>)> {
    let mut out: BTreeMap<PathBuf, (PathBuf, Vec<Module>)> = BTreeMap::new();
    let mut stack = vec![config];
    while let Some(c) = stack.pop() {
        let dir = &c.module.dir;
        let entry = out
            .entry(dir_key(dir))
            .or_insert_with(|| (dir.clone(), Vec::new()));
        let shorter = (dir.as_os_str().len(), dir) < (entry.0.as_os_str().len(), &entry.0);
        if shorter {
            entry.0 = dir.clone();
        }
        entry.1.push(Module(c.path.clone()));
        stack.extend(c.children.values());
    }
    for (_, paths) in out.values_mut() {
        paths.sort();
    }
    out
}

/// The blocks as files hold them: one per directory, from and to.
pub(crate) fn distinct(blocks: &[Block]) -> Vec<&Block> {
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
