//! Why an object found no partner: its identical candidates, or, when the
//! other side has objects of its type, the closest candidates and what
//! differs, and whether only references to objects that did not pair
//! keep them apart.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::addrs::AbsResourceInstance;
use crate::lang::value::Value;

use super::canonical::canonical;
use super::diffs::{AttrDiff, attr_diffs};
use super::object::{Kind, kind};
use super::place::{ModulePairs, evidence, module_pairs_of};
use super::references::referenced_objects;
use super::rounds::Decided;
use super::{Canon, Evidence, Mapping, Object, Reason, Side, Unmatched};

/// How many of the closest candidates a "differs" reason lists.
const NEAREST: usize = 3;

#[derive(Clone, Debug, PartialEq)]
pub struct Near {
    pub addr: AbsResourceInstance,
    pub diffs: Vec<AttrDiff>,
    /// When every difference is a reference to an object that did not
    /// pair: (the object whose value holds it, the object it names).
    pub unpaired_refs: Vec<(AbsResourceInstance, AbsResourceInstance)>,
}

/// Every object left unpaired, with its reason: its identical candidates
/// (`ambiguous`, as `decide` keys them), or the closest that differ.
pub(super) fn unmatched_of(
    destroys: &[Object],
    creates: &[Object],
    st: &Decided,
    ambiguous: &BTreeMap<usize, Vec<usize>>,
    canon: &Canon,
) -> Vec<Unmatched> {
    if st.all_paired() {
        return Vec::new();
    }
    let module_pairs = module_pairs_of(&st.mapping);
    let mut unmatched = Vec::new();
    // The unpaired objects of each kind, in order, gathered once: looking
    // them up per unmatched object would scan the other side each time.
    let unpaired_creates = unpaired(creates, &st.done);
    let unpaired_destroys = unpaired(destroys, &st.taken);
    let sides = [
        (
            destroys,
            creates,
            &st.taken,
            &unpaired_creates,
            Side::Destroy,
        ),
        (
            creates,
            destroys,
            &st.done,
            &unpaired_destroys,
            Side::Create,
        ),
    ];
    for (objs, others, paired, open, side) in sides {
        for (k, o) in objs.iter().enumerate() {
            if paired[k] {
                continue;
            }
            let key = match side {
                Side::Destroy => usize::MAX - k,
                Side::Create => k,
            };
            let reason = match ambiguous.get(&key) {
                Some(cs) => Reason::Ambiguous(
                    cs.iter().map(|&c| others[c].addr.clone()).collect(),
                    Evidence::default(),
                ),
                None => differs(
                    o,
                    others,
                    same_kind_unpaired(open, o),
                    side == Side::Destroy,
                    &st.mapping,
                    &module_pairs,
                    canon,
                ),
            };
            unmatched.push(Unmatched {
                addr: o.addr.clone(),
                side,
                reason,
            });
        }
    }
    unmatched
}

/// The unpaired objects of each kind, in order.
pub(super) fn unpaired<'o>(objs: &'o [Object], paired: &[bool]) -> HashMap<Kind<'o>, Vec<usize>> {
    let mut by_kind: HashMap<Kind<'o>, Vec<usize>> = HashMap::new();
    for (k, o) in objs.iter().enumerate() {
        if !paired[k] {
            by_kind
                .entry(kind(&o.addr.resource.resource))
                .or_default()
                .push(k);
        }
    }
    by_kind
}

/// The unpaired objects of the other side with `obj`'s kind.
fn same_kind_unpaired<'a, 'k>(
    by_kind: &'a HashMap<Kind<'k>, Vec<usize>>,
    obj: &'k Object,
) -> &'a [usize] {
    by_kind
        .get(&kind(&obj.addr.resource.resource))
        .map_or(&[], Vec::as_slice)
}

/// `same`: the unpaired objects of `others` with `obj`'s kind, in order.
/// The closest candidate differs in the fewest values (counted down to
/// the leaves of objects and lists), then has the most structure in
/// common (see `evidence`), then the most similar name.
fn differs(
    obj: &Object,
    others: &[Object],
    same: &[usize],
    obj_is_prior: bool,
    mapping: &Mapping,
    module_pairs: &ModulePairs,
    canon: &Canon,
) -> Reason {
    let same: Vec<(usize, &Object)> = same.iter().map(|&k| (k, &others[k])).collect();
    if same.is_empty() {
        return Reason::NoCounterpart;
    }
    // Fewest differences, then most structure in common, then nearest name.
    type Closeness = (usize, std::cmp::Reverse<u32>, f64);
    let mut near: Vec<(Closeness, Near)> = same
        .into_iter()
        .take(500)
        .map(|(_, o)| {
            let (prior, new) = if obj_is_prior { (obj, o) } else { (o, obj) };
            let diffs = attr_diffs(prior, new, mapping, canon);
            let distance = diffs.iter().map(value_distance).sum();
            let structure = evidence(&prior.addr, &new.addr, module_pairs);
            let name_distance =
                1.0 - strsim::jaro_winkler(&obj.addr.to_string(), &o.addr.to_string());
            (
                (distance, std::cmp::Reverse(structure), name_distance),
                Near {
                    addr: o.addr.clone(),
                    diffs,
                    unpaired_refs: Vec::new(),
                },
            )
        })
        .collect::<Vec<_>>();
    near.sort_by(|a, b| {
        (a.0.0, a.0.1)
            .cmp(&(b.0.0, b.0.1))
            .then(a.0.2.total_cmp(&b.0.2))
            .then(a.1.addr.cmp(&b.1.addr))
    });
    Reason::Differs(near.into_iter().take(NEAREST).map(|(_, n)| n).collect())
}

/// Marks the closest candidate of each unmatched object whose every
/// difference is a reference to an object that did not pair: it is left
/// unmatched only because of that object.
pub(super) fn note_unpaired_refs(unmatched: &mut [Unmatched]) {
    // (is a prior object, address)
    let open: BTreeSet<(bool, AbsResourceInstance)> = unmatched
        .iter()
        .map(|u| (u.side == Side::Destroy, u.addr.clone()))
        .collect();
    for u in unmatched.iter_mut() {
        let holder_of_prior_value;
        let holder_of_new_value;
        let Reason::Differs(near) = &mut u.reason else {
            continue;
        };
        let Some(first) = near.first_mut() else {
            continue;
        };
        match u.side {
            Side::Destroy => {
                holder_of_prior_value = u.addr.clone();
                holder_of_new_value = first.addr.clone();
            }
            Side::Create => {
                holder_of_prior_value = first.addr.clone();
                holder_of_new_value = u.addr.clone();
            }
        }
        let mut refs = Vec::new();
        let mut all = !first.diffs.is_empty();
        for d in &first.diffs {
            let mut found = false;
            let sides = [
                (&d.prior, Side::Destroy, &holder_of_prior_value),
                (&d.new, Side::Create, &holder_of_new_value),
            ];
            for (value, side, holder) in sides {
                for r in value.iter().flat_map(referenced_objects) {
                    if open.contains(&(side == Side::Destroy, r.clone())) {
                        found = true;
                        let entry = (holder.clone(), r);
                        if !refs.contains(&entry) {
                            refs.push(entry);
                        }
                    }
                }
            }
            all &= found;
        }
        if all {
            first.unpaired_refs = refs;
        }
    }
}

/// How many values differ, counted down to the leaves of objects, maps
/// and lists of equal length: `{size = 10, engine = "pg"}` against
/// `{size = 20, engine = "pg"}` is 1, against `{size = 1, engine = "my"}` 2.
fn value_distance(d: &AttrDiff) -> usize {
    match (&d.prior, &d.new) {
        (Some(a), Some(b)) => leaf_distance(a, b),
        (Some(v), None) | (None, Some(v)) => leaves(v).max(1),
        (None, None) => 0,
    }
}

fn leaf_distance(a: &Value, b: &Value) -> usize {
    if canonical(a) == canonical(b) {
        return 0;
    }
    let (a, b) = (a.unmark().0, b.unmark().0);
    match (a, b) {
        (Value::Map(_, x) | Value::Object(x), Value::Map(_, y) | Value::Object(y)) => {
            let keys: BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            let d: usize = keys
                .into_iter()
                .map(|k| match (x.get(k), y.get(k)) {
                    (Some(p), Some(q)) => leaf_distance(p, q),
                    (Some(v), None) | (None, Some(v)) => leaves(v),
                    (None, None) => 0,
                })
                .sum();
            d.max(1)
        }
        (Value::List(_, x) | Value::Tuple(x), Value::List(_, y) | Value::Tuple(y))
            if x.len() == y.len() =>
        {
            x.iter()
                .zip(y)
                .map(|(p, q)| leaf_distance(p, q))
                .sum::<usize>()
                .max(1)
        }
        _ => leaves(a).max(leaves(b)).max(1),
    }
}

/// The primitive values (and unknowns) a value holds.
fn leaves(v: &Value) -> usize {
    match v.unmark().0 {
        Value::Null(_) => 0,
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            items.iter().map(leaves).sum()
        }
        Value::Map(_, m) | Value::Object(m) => m.values().map(leaves).sum(),
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;

    /// The closest candidate differs in the fewest values, counted inside
    /// objects: `primary` (size only) before `backup` (everything), though
    /// each differs in the one argument `input`.
    #[test]
    fn the_closest_candidate_differs_in_the_fewest_values() {
        let db = |engine: &str, size: i64, name: &str| {
            object(&[
                ("engine", s(engine)),
                ("size", Value::int(size)),
                ("name", s(name)),
            ])
        };
        let p = run(
            &[obj(
                "terraform_data.db",
                &[("input", db("pg", 20, "orders"))],
            )],
            &[
                obj(
                    "module.database.terraform_data.backup",
                    &[("input", db("s3", 500, "orders-backup"))],
                ),
                obj(
                    "module.database.terraform_data.primary",
                    &[("input", db("pg", 50, "orders"))],
                ),
            ],
        );
        let Reason::Differs(near) = &p.unmatched[0].reason else {
            panic!("{:?}", p.unmatched)
        };
        let order: Vec<String> = near.iter().map(|n| n.addr.to_string()).collect();
        assert_eq!(
            order,
            [
                "module.database.terraform_data.primary",
                "module.database.terraform_data.backup"
            ]
        );
    }
}
