//! Moves across roots: what one root destroys and another creates, equal,
//! is one object moved between states, which no `moved` block can make.
//! Terraform supports it only as a `removed` block (`destroy = false`) in
//! the source and an `import` block in the destination; the check pairs
//! such objects across the roots it ran (`refactor::cross_root`), names
//! the blocks still to add, and keeps what another shard's roots may pair
//! with (`Candidate`) for `--merge`.

use std::collections::{BTreeMap, BTreeSet};

use crate::plan::diff::Action;
use crate::refactor::pairing::{Object, Side};
use crate::refactor::{self, Request};

use super::report::{Outcome, RootReport};

/// An object that leaves one root module for another: terraform supports
/// it as a `removed` block with `destroy = false` in the source root and
/// an `import` block in the destination. A check has no state, so the
/// import's id is a placeholder the user fills in.
#[derive(Clone, Debug)]
pub struct CrossRootMove {
    pub from_root: String,
    /// Its address in the source root's state.
    pub from: String,
    pub to_root: String,
    pub to: String,
    /// The pull request already has the source's `removed` block (with
    /// `destroy = false`), and the destination's `import` block.
    pub removed_declared: bool,
    pub import_declared: bool,
    /// The blocks still to add, with the file each goes into (relative to
    /// the repository): the `removed` block, then the `import` block,
    /// those not declared; Err with why, when no removed block can say it.
    pub blocks: Result<Vec<(String, String)>, String>,
    /// The pull request deletes the source root.
    pub source_deleted: bool,
}

impl CrossRootMove {
    /// Both blocks are there: terraform forgets the object in one state
    /// and takes it over in the other, nothing destroyed or created.
    pub fn declared(&self) -> bool {
        self.removed_declared && self.import_declared
    }
}

/// An object that may leave or arrive in a root and that no other root
/// of this run paired: with `--shard`, another shard may hold its other
/// side, and `--merge` must see it.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub address: String,
    pub type_name: String,
    pub side: Side,
    /// Declared by the root's own `removed` (destroy = false) or `import`
    /// block.
    pub declared: bool,
    /// What pairing compares, hashed: equal for objects that would pair on
    /// values alone. None when that cannot be told from the object alone
    /// (it refers to other objects, holds unknowns, or holds a sensitive
    /// value, which is never put in a report, even hashed).
    pub fingerprint: Option<String>,
    /// Paired with another root by this run.
    pub paired: bool,
    /// Leaving: its address in the source state.
    pub from: Option<String>,
    /// Leaving, not declared: the `removed` block it needs, with its file,
    /// or why none can be written.
    pub removed: Option<Result<(String, String), String>>,
    /// Leaving: no other instance of its resource is destroyed (a
    /// `removed` block would forget those too).
    pub alone: bool,
    /// Leaving a root the pull request deletes.
    pub deleted_root: bool,
}

/// A root's refactor, kept when it left objects unmatched or declares
/// objects leaving or arriving (`cross_root::declared_objects`): they may
/// pair across roots.
pub(super) type Kept = (Request, refactor::Outcome, (Vec<Object>, Vec<Object>));

/// Pairs what the roots left unmatched across roots, as `refactor --root`
/// does (`refactor::cross_root`), with what their own `removed` blocks
/// (`destroy = false`) forget and `import` blocks take over. Such a move
/// crosses states: no `moved` block can make it, and terraform supports it
/// only with both blocks, a `removed` block that forgets the object in the
/// source and an `import` block in the destination. With one of them
/// missing, terraform destroys the object the other root imports, or
/// forgets it and creates a second one: each such move fails both roots,
/// naming the blocks to add. With both, it is reported and passes.
pub(super) fn pair_across_roots(roots: &mut [RootReport], kept: Vec<Option<Kept>>) {
    let kept = KeptRoots::gather(kept);
    let pairs = pair_kept(roots, &kept);
    record_moves(roots, &kept, &pairs);
    for r in roots.iter_mut() {
        if r.cross_root.iter().all(CrossRootMove::declared) {
            continue;
        }
        r.passed = false;
        if r.unmatched.is_empty() {
            r.outcome = Outcome::CrossRootMoves;
        }
    }
    record_candidates(roots, &kept, &pairs);
    ambiguous_forgets(roots);
}

/// The kept refactors side by side, in the roots' order.
struct KeptRoots {
    /// Each one's index in the roots.
    at: Vec<usize>,
    reqs: Vec<Request>,
    outcomes: Vec<refactor::Outcome>,
    /// What may leave and arrive: its leftovers, with what its own blocks
    /// declare leaving and arriving.
    sides: Vec<(Vec<Object>, Vec<Object>)>,
    /// The addresses its own blocks declare leaving, arriving.
    declared: Vec<(BTreeSet<Addr>, BTreeSet<Addr>)>,
}

impl KeptRoots {
    fn gather(kept: Vec<Option<Kept>>) -> KeptRoots {
        let mut out = KeptRoots {
            at: Vec::new(),
            reqs: Vec::new(),
            outcomes: Vec::new(),
            sides: Vec::new(),
            declared: Vec::new(),
        };
        for (i, k) in kept.into_iter().enumerate() {
            if let Some((r, o, (leaving, arriving))) = k {
                let addrs = |objs: &[Object]| objs.iter().map(|o| o.addr.clone()).collect();
                out.declared.push((addrs(&leaving), addrs(&arriving)));
                let (mut leftover_out, mut leftover_into) = o.leftovers.clone();
                leftover_out.extend(leaving);
                leftover_into.extend(arriving);
                out.sides.push((leftover_out, leftover_into));
                out.at.push(i);
                out.reqs.push(r);
                out.outcomes.push(o);
            }
        }
        out
    }
}

/// A pair across roots: (source, its object, destination, its object),
/// the roots as indexes into `KeptRoots`.
type CrossPair = (usize, Addr, usize, Addr);

/// The objects that pair across the kept roots.
fn pair_kept(roots: &[RootReport], kept: &KeptRoots) -> Vec<CrossPair> {
    let indexes: Vec<_> = (kept.outcomes.iter())
        .map(|o| o.prior.instance_index())
        .collect();
    let mut pairs = match kept.outcomes.len() {
        0 | 1 => Vec::new(),
        _ => refactor::cross_root::pair_objects(&kept.reqs, &kept.outcomes, &indexes, &kept.sides),
    };
    // Two workspaces of one directory read the same files: a `removed`
    // block there would forget the object in both, so nothing moves
    // between them.
    let at = &kept.at;
    pairs.retain(|(a, _, b, _)| roots[at[*a]].dir != roots[at[*b]].dir);
    pairs
}

/// Each pair as a move of both its roots, with the blocks it still needs;
/// its objects are no longer unmatched.
fn record_moves(roots: &mut [RootReport], kept: &KeptRoots, pairs: &[CrossPair]) {
    use refactor::cross_root::{self, CrossMove};
    let (at, outcomes, declared) = (&kept.at, &kept.outcomes, &kept.declared);
    let mut moves: Vec<CrossMove> = (pairs.iter())
        .map(|(a, prior, b, new)| CrossMove {
            from_root: *a,
            from: cross_root::recorded_addr(&outcomes[*a], prior),
            to_root: *b,
            to: new.clone(),
            id: None,
            unwritable: None,
        })
        .collect();
    cross_root::removable(outcomes, &mut moves);
    for ((a, prior, b, new), m) in pairs.iter().zip(&moves) {
        let mv = CrossRootMove {
            from_root: roots[at[*a]].name(),
            from: m.from.to_string(),
            to_root: roots[at[*b]].name(),
            to: new.to_string(),
            removed_declared: declared[*a].0.contains(prior),
            import_declared: declared[*b].1.contains(new),
            blocks: Ok(Vec::new()),
            source_deleted: roots[at[*a]].outcome == Outcome::DeletedRoot,
        };
        let dirs = (roots[at[*a]].dir.as_str(), roots[at[*b]].dir.as_str());
        let mv = CrossRootMove {
            blocks: missing_blocks(&mv, m, &outcomes[*a], dirs),
            ..mv
        };
        let (a, b) = (at[*a], at[*b]);
        roots[a]
            .unmatched
            .retain(|u| !(u.side == Side::Destroy && &u.addr == prior));
        roots[b]
            .unmatched
            .retain(|u| !(u.side == Side::Create && &u.addr == new));
        roots[a].cross_root.push(mv.clone());
        roots[b].cross_root.push(mv);
    }
}

/// Another shard's roots may pair with these: what `--merge` needs, each
/// kept root's objects that may leave or arrive.
fn record_candidates(roots: &mut [RootReport], kept: &KeptRoots, pairs: &[CrossPair]) {
    let (at, outcomes, declared) = (&kept.at, &kept.outcomes, &kept.declared);
    let paired: BTreeSet<(usize, &Addr)> = (pairs.iter())
        .flat_map(|(a, prior, b, new)| [(*a, prior), (*b, new)])
        .collect();
    for (k, (out, into)) in kept.sides.iter().enumerate() {
        let candidate = |o: &Object, side: Side, declared: &BTreeSet<Addr>| Candidate {
            address: o.addr.to_string(),
            type_name: o.addr.resource.resource.type_name.to_string(),
            side,
            declared: declared.contains(&o.addr),
            fingerprint: fingerprint(o),
            paired: paired.contains(&(k, &o.addr)),
            from: None,
            removed: None,
            alone: true,
            deleted_root: false,
        };
        let leaving: Vec<Candidate> = out
            .iter()
            .map(|o| candidate(o, Side::Destroy, &declared[k].0))
            .collect();
        let leaving = leaving_details(leaving, &outcomes[k], &roots[at[k]]);
        let arriving = into
            .iter()
            .map(|o| candidate(o, Side::Create, &declared[k].1));
        roots[at[k]].candidates = leaving.into_iter().chain(arriving).collect();
    }
}

/// A `removed` block with `destroy = false` whose object did not pair
/// because several equal objects are created in other roots (or another
/// forgotten object claims the same one) is still half a declaration:
/// terraform forgets it and creates every one of them. Each such create
/// fails with its root and the forgetting one, saying why no check can
/// tell which one the object becomes. So does a create of the type when
/// either side has no fingerprint (a reference, an unknown or a sensitive
/// value, which a check without state cannot compare): what was not
/// checked does not pass.
fn ambiguous_forgets(roots: &mut [RootReport]) {
    let equal = |l: &Candidate, a: &Candidate| {
        l.type_name == a.type_name
            && match (&l.fingerprint, &a.fingerprint) {
                (Some(x), Some(y)) => x == y,
                _ => true,
            }
    };
    let open = |c: &&Candidate, side: Side, declared: bool| {
        c.side == side && c.declared == declared && !c.paired
    };
    let mut moves: Vec<(usize, usize, CrossRootMove)> = Vec::new();
    for (i, r) in roots.iter().enumerate() {
        for l in r.candidates.iter().filter(|c| open(c, Side::Destroy, true)) {
            let arriving: Vec<(usize, &Candidate)> = (roots.iter().enumerate())
                .filter(|(j, o)| *j != i && o.dir != r.dir)
                .flat_map(|(j, o)| o.candidates.iter().map(move |c| (j, c)))
                .filter(|(_, a)| open(a, Side::Create, false) && equal(l, a))
                .collect();
            let from = l.from.clone().unwrap_or_else(|| l.address.clone());
            let named: Vec<String> = (arriving.iter())
                .map(|(j, a)| format!("{}: {}", roots[*j].name(), a.address))
                .collect();
            let compared =
                l.fingerprint.is_some() && arriving.iter().all(|(_, a)| a.fingerprint.is_some());
            for (j, a) in &arriving {
                let why = match compared {
                    true => format!(
                        "{from} equals what other roots create ({}), not one to one, so no check can tell which object it becomes: declare that one with an import block",
                        named.join(", ")
                    ),
                    false => format!(
                        "{from} may be what other roots create ({}): a reference, an unknown or a sensitive value cannot be compared without state, so no check can tell whether it moved: declare the object it becomes with an import block, or give the removed block destroy = true",
                        named.join(", ")
                    ),
                };
                let mv = CrossRootMove {
                    from_root: r.name(),
                    from: from.clone(),
                    to_root: roots[*j].name(),
                    to: a.address.clone(),
                    removed_declared: true,
                    import_declared: false,
                    blocks: Err(why),
                    source_deleted: false,
                };
                moves.push((i, *j, mv));
            }
        }
    }
    for (i, j, mv) in moves {
        for k in [i, j] {
            let r = &mut roots[k];
            // A root that failed already keeps its outcome.
            if r.passed || r.unmatched.is_empty() {
                r.outcome = Outcome::CrossRootMoves;
            }
            r.passed = false;
            r.cross_root.push(mv.clone());
        }
    }
}

/// What `--merge` needs of objects leaving a root: the address in its
/// state, whether it is the only destroyed instance of its resource, and,
/// then, the `removed` block it needs (or why none can be written). Each
/// looked up once per root: a deleted root may leave thousands.
fn leaving_details(
    leaving: Vec<Candidate>,
    source: &refactor::Outcome,
    root: &RootReport,
) -> Vec<Candidate> {
    use refactor::cross_root;
    let changes: BTreeMap<String, &crate::plan::diff::ResourceChange> = (source.before.changes)
        .iter()
        .map(|c| (c.addr.to_string(), c))
        .collect();
    let mut deletes: BTreeMap<String, usize> = BTreeMap::new();
    for c in source
        .before
        .changes
        .iter()
        .filter(|c| c.action == Action::Delete)
    {
        *deletes.entry(cross_root::resource_of(&c.addr)).or_default() += 1;
    }
    let deleted_root = root.outcome == Outcome::DeletedRoot;
    (leaving.into_iter())
        .map(|c| {
            let Some(change) = changes.get(&c.address) else {
                return c;
            };
            let resource = cross_root::resource_of(&change.addr);
            let others = deletes.get(&resource).copied().unwrap_or(0)
                - usize::from(change.action == Action::Delete);
            let from = change
                .previous
                .clone()
                .unwrap_or_else(|| change.addr.clone());
            let removed = (!c.declared && others == 0).then(|| match cross_root::gone(change) {
                true => Ok((
                    root_file(&root.dir, cross_root::REMOVED_FILE),
                    cross_root::removed_blocks(std::slice::from_ref(&resource)),
                )),
                false => Err(cross_root::still_declared(&resource, &change.addr)),
            });
            Candidate {
                from: Some(from.to_string()),
                removed,
                alone: others == 0,
                deleted_root,
                ..c
            }
        })
        .collect()
}

/// The file `name` in root `dir`, relative to the repository.
fn root_file(dir: &str, name: &str) -> String {
    match dir {
        "." | "" => name.to_string(),
        d => format!("{d}/{name}"),
    }
}

/// The `import` block a move across roots needs, with its file in the
/// destination's directory: a check has no state, so its id is a
/// placeholder that cannot pass for one.
pub(super) fn import_block(
    from_root: &str,
    from: &str,
    to_dir: &str,
    to: &str,
) -> (String, String) {
    let id = format!("<the id of {from} in the state of {from_root}>");
    (
        root_file(to_dir, refactor::cross_root::IMPORTS_FILE),
        refactor::cross_root::import_blocks(&[(to.to_string(), id)]),
    )
}

type Addr = crate::addrs::AbsResourceInstance;

/// The blocks a move across roots still needs, each with its file: the
/// source's `removed` block unless declared, the destination's `import`
/// block unless declared; Err with why no removed block can say it.
fn missing_blocks(
    mv: &CrossRootMove,
    m: &refactor::cross_root::CrossMove,
    source: &refactor::Outcome,
    (from_dir, to_dir): (&str, &str),
) -> Result<Vec<(String, String)>, String> {
    use refactor::cross_root;
    let mut blocks = Vec::new();
    if !mv.removed_declared {
        if let Some(why) = &m.unwritable {
            return Err(why.clone());
        }
        let prior = cross_root::moved_addr(source, &m.from);
        blocks.push((
            root_file(from_dir, cross_root::REMOVED_FILE),
            cross_root::removed_blocks(&[cross_root::resource_of(&prior)]),
        ));
    }
    if !mv.import_declared {
        blocks.push(import_block(&mv.from_root, &mv.from, to_dir, &mv.to));
    }
    Ok(blocks)
}

/// What pairing compares of an object (each configured argument's
/// canonical value, as its signature), hashed; None when the object alone
/// cannot tell (`Candidate::fingerprint`).
fn fingerprint(o: &Object) -> Option<String> {
    use sha2::Digest;
    let mut hash = sha2::Sha256::new();
    for (i, (name, v)) in o.values.iter().enumerate() {
        if !o.set.contains(i) {
            continue;
        }
        if !v.is_wholly_known() || v.has_marks_deep() {
            return None;
        }
        hash.update(name.as_bytes());
        hash.update(b"=");
        hash.update(refactor::pairing::canonical(v).as_bytes());
        hash.update(b"\x1f");
    }
    let digest = hash.finalize();
    Some(digest[..16].iter().map(|b| format!("{b:02x}")).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::unknown::Origin;
    use crate::lang::value::{Type, Value};

    fn object(addr: &str, input: Value) -> Object {
        Object::all_set(
            Addr::parse(addr).unwrap(),
            [("input".to_string(), input)].into(),
        )
    }

    /// Equal compared values give equal fingerprints whatever the name; a
    /// sensitive value gives none (not even hashed), nor does a reference.
    #[test]
    fn fingerprints_tell_equal_objects_and_never_hash_a_secret() {
        let a = fingerprint(&object("terraform_data.db", Value::string("pg")));
        let b = fingerprint(&object("terraform_data.database", Value::string("pg")));
        let c = fingerprint(&object("terraform_data.db", Value::string("mysql")));
        assert!(a.is_some());
        assert_eq!(a, b);
        assert_ne!(a, c);
        let secret = object("terraform_data.db", Value::string("hunter2").mark());
        assert_eq!(fingerprint(&secret), None);
        let reference = Value::Unknown(
            Type::Dynamic,
            Some(Origin::attr("terraform_data.net", "id")),
        );
        assert_eq!(fingerprint(&object("terraform_data.db", reference)), None);
    }
}
