//! Twins: classes of identical objects left ambiguous. While they are
//! undecided, a reference to a twin counts as its class, so a dependent
//! renamed along with them can still find its one candidate.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::addrs::AbsResourceInstance;

use super::object::{Kind, kind};
use super::signatures::signature;
use super::{Object, Reason, Side, Unmatched};

/// Every object left ambiguous, as (side, address), with the number of its
/// class of identical objects: what a reference to a twin is compared as
/// while the twins are undecided (`pairs_modulo_twins`).
pub(crate) fn twin_classes(
    unmatched: &[Unmatched],
) -> BTreeMap<(Side, AbsResourceInstance), usize> {
    classes(&ambiguous_candidates(unmatched))
        .into_iter()
        .enumerate()
        .flat_map(|(k, class)| class.into_iter().map(move |m| (m, k)))
        .collect()
}

/// Pairs of a prior and a new object, each the other's only candidate,
/// when every reference to an identical object left ambiguous counts as
/// its class (the values already rewritten so: `twin_classes`). A
/// dependent renamed along with the twins it refers to pairs with nothing
/// while they are undecided; so compared, it has one candidate, and its
/// references then say which twin became which. Evidence only: the pair
/// itself is decided later, by the pairing, once the twins are.
pub(crate) fn pairs_modulo_twins(priors: &[Object], news: &[Object]) -> Vec<(usize, usize)> {
    fn sig(o: &Object) -> (Kind<'_>, String) {
        (kind(&o.addr.resource.resource), signature(o))
    }
    let mut by_sig: HashMap<(Kind, String), (Vec<usize>, Vec<usize>)> = HashMap::new();
    for (i, o) in priors.iter().enumerate() {
        by_sig.entry(sig(o)).or_default().0.push(i);
    }
    for (j, o) in news.iter().enumerate() {
        if let Some(e) = by_sig.get_mut(&sig(o)) {
            e.1.push(j);
        }
    }
    let mut out: Vec<(usize, usize)> = by_sig
        .into_values()
        .filter_map(|(is, js)| match (is.as_slice(), js.as_slice()) {
            ([i], [j]) => Some((*i, *j)),
            _ => None,
        })
        .collect();
    out.sort();
    out
}

/// (prior, new) candidate pairs among the objects left ambiguous, from
/// their reasons.
pub(super) fn ambiguous_candidates(
    unmatched: &[Unmatched],
) -> BTreeSet<(AbsResourceInstance, AbsResourceInstance)> {
    let mut cands = BTreeSet::new();
    for u in unmatched {
        if let Reason::Ambiguous(others, _) = &u.reason {
            for o in others {
                cands.insert(match u.side {
                    Side::Destroy => (u.addr.clone(), o.clone()),
                    Side::Create => (o.clone(), u.addr.clone()),
                });
            }
        }
    }
    cands
}

/// Classes of identical objects: the members connected through their
/// candidates, each as (side, address).
pub(super) fn classes(
    cands: &BTreeSet<(AbsResourceInstance, AbsResourceInstance)>,
) -> Vec<BTreeSet<(Side, AbsResourceInstance)>> {
    let mut class: BTreeMap<(Side, &AbsResourceInstance), usize> = BTreeMap::new();
    for (n, (p, c)) in cands.iter().enumerate() {
        let (a, b) = (
            class.get(&(Side::Destroy, p)).copied(),
            class.get(&(Side::Create, c)).copied(),
        );
        let id = a.or(b).unwrap_or(n);
        if let (Some(a), Some(b)) = (a, b)
            && a != b
        {
            class.values_mut().filter(|v| **v == b).for_each(|v| *v = a);
        }
        class.insert((Side::Destroy, p), id);
        class.insert((Side::Create, c), id);
    }
    let mut by_id: BTreeMap<usize, BTreeSet<(Side, AbsResourceInstance)>> = BTreeMap::new();
    for ((side, addr), id) in class {
        by_id.entry(id).or_default().insert((side, addr.clone()));
    }
    by_id.into_values().collect()
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;
    use crate::lang::unknown::Origin;
    use crate::lang::value::Value;

    /// A reference to a twin counts as its class: `{ of = <class 0>.id }`.
    fn refers_to_class(sep: &str, class: usize) -> Value {
        use crate::lang::value::Type;
        let id = Value::Unknown(
            Type::Dynamic,
            Some(Origin::attr(format!("twins#{class}"), "id")),
        );
        object_of(&[("separator", s(sep)), ("of", id)])
    }

    /// Renamed dependents of twins: modulo which twin they refer to, each
    /// has one candidate; two alike on one side give no pair; another type
    /// never pairs.
    #[test]
    fn renamed_dependents_pair_modulo_twins_only_when_unique() {
        let pet = |addr: &str, sep: &str| obj(addr, &[("input", refers_to_class(sep, 0))]);
        let priors = [
            pet("null_resource.pet_first", "-"),
            pet("null_resource.pet_second", "+"),
            pet("null_resource.dup_a", "="),
            pet("null_resource.dup_b", "="),
            pet("null_resource.lone", "~"),
        ];
        let news = [
            pet("null_resource.pet_two", "+"),
            pet("null_resource.pet_one", "-"),
            pet("null_resource.dup", "="),
            pet("terraform_data.lone", "~"),
        ];
        let found: Vec<(String, String)> = pairs_modulo_twins(&priors, &news)
            .into_iter()
            .map(|(i, j)| (priors[i].addr.to_string(), news[j].addr.to_string()))
            .collect();
        assert_eq!(
            found,
            [
                (
                    "null_resource.pet_first".into(),
                    "null_resource.pet_one".into()
                ),
                (
                    "null_resource.pet_second".into(),
                    "null_resource.pet_two".into()
                ),
            ]
        );
    }

    /// Every member of a class of identical objects, on both sides, gets
    /// the class's number; objects that are not twins get none.
    #[test]
    fn twin_classes_number_both_sides_of_each_class() {
        let (mut d, mut c) = twins();
        d.extend([obj("null_resource.u[0]", &[("v", s("1"))])]);
        d.extend([obj("null_resource.u[1]", &[("v", s("1"))])]);
        c.extend([obj("null_resource.w[\"p\"]", &[("v", s("1"))])]);
        c.extend([obj("null_resource.w[\"q\"]", &[("v", s("1"))])]);
        c.extend([obj("null_resource.other", &[("v", s("2"))])]);
        let classes = twin_classes(&run(&d, &c).unmatched);
        let of = |side: Side, a: &str| classes.get(&(side, AbsResourceInstance::parse(a).unwrap()));
        assert_eq!(classes.len(), 8, "{classes:?}");
        assert_eq!(
            of(Side::Destroy, "null_resource.a[0]"),
            of(Side::Create, "null_resource.b[\"y\"]")
        );
        assert_eq!(
            of(Side::Destroy, "null_resource.u[1]"),
            of(Side::Create, "null_resource.w[\"p\"]")
        );
        assert_ne!(
            of(Side::Destroy, "null_resource.a[0]"),
            of(Side::Destroy, "null_resource.u[0]")
        );
        assert_eq!(of(Side::Create, "null_resource.other"), None);
    }
}
