//! Evidence from dependents: objects that are the same object on both
//! sides and refer to identical objects left ambiguous say which became
//! which (tfautomv's dependency analysis). Only a one-to-one answer for a
//! whole class decides; otherwise the evidence is named in the reasons.

use std::collections::{BTreeMap, BTreeSet};

use crate::addrs::AbsResourceInstance;
use crate::lang::value::Value;

use super::references::referenced_attrs;
use super::twins::{ambiguous_candidates, classes};
use super::{Reason, Side, Unmatched};

/// An object that is the same object on both sides (same address, or
/// paired), as its configuration evaluates in the old code and in the new.
#[derive(Clone, Debug)]
pub(crate) struct Dependent {
    /// Its address in the old configuration.
    pub old_addr: AbsResourceInstance,
    pub new_addr: AbsResourceInstance,
    pub old: Value,
    pub new: Value,
}

/// What the dependents decided: the pairs to pin, and for every class of
/// identical objects they spoke of but did not decide, their evidence.
#[derive(Clone, Debug, Default)]
pub(crate) struct Dependents {
    pub pins: Vec<(AbsResourceInstance, AbsResourceInstance)>,
    undecided: Vec<(BTreeSet<(Side, AbsResourceInstance)>, Evidence)>,
}

impl Dependents {
    /// Names the evidence in the reason of every object left ambiguous
    /// that belongs to a class the dependents spoke of.
    pub(crate) fn name_evidence(&self, unmatched: &mut [Unmatched]) {
        for u in unmatched {
            let key = (u.side, u.addr.clone());
            if let Reason::Ambiguous(_, evidence) = &mut u.reason
                && let Some((_, e)) = self.undecided.iter().find(|(c, _)| c.contains(&key))
            {
                *evidence = e.clone();
            }
        }
    }
}

/// What a dependent's references say about identical objects that stayed
/// ambiguous (tfautomv's dependency analysis). `dependents` are objects
/// that are the same object on both sides: their configured value in the
/// old configuration (unknowns named by old configuration addresses,
/// `old_to_prior` takes them to prior addresses) and in the new. Where one
/// refers, at the same attribute path, to the attribute of exactly one
/// ambiguous prior object X and the other to the same attribute of exactly
/// one ambiguous new object Y that is X's candidate, that is evidence
/// X -> Y. Only decisive evidence decides: a class of identical objects
/// gets its pairs only when the evidence is a bijection over the whole
/// class (no conflict, no member left out); otherwise the evidence is kept
/// to be named in the class's reasons.
pub(crate) fn dependents_evidence(
    unmatched: &[Unmatched],
    dependents: &[Dependent],
    old_to_prior: &dyn Fn(&AbsResourceInstance) -> AbsResourceInstance,
) -> Dependents {
    let cands = ambiguous_candidates(unmatched);
    if cands.is_empty() {
        return Dependents::default();
    }
    let said = statements(&cands, dependents, old_to_prior);
    let mut out = Dependents::default();
    for class in classes(&cands) {
        let in_class: Vec<&Said> = said
            .iter()
            .filter(|s| class.contains(&(Side::Destroy, s.prior.clone())))
            .collect();
        if in_class.is_empty() {
            continue;
        }
        // Each member's distinct partners: exactly one each decides.
        let mut partners: BTreeMap<&(Side, AbsResourceInstance), BTreeSet<&AbsResourceInstance>> =
            class.iter().map(|m| (m, BTreeSet::new())).collect();
        for s in &in_class {
            if let Some(p) = partners.get_mut(&(Side::Destroy, s.prior.clone())) {
                p.insert(&s.new);
            }
            if let Some(p) = partners.get_mut(&(Side::Create, s.new.clone())) {
                p.insert(&s.prior);
            }
        }
        let with = |pred: &dyn Fn(usize) -> bool| -> Vec<(Side, AbsResourceInstance)> {
            partners
                .iter()
                .filter(|(_, p)| pred(p.len()))
                .map(|(m, _)| (*m).clone())
                .collect()
        };
        let evidence = Evidence {
            said: in_class.iter().map(|s| (*s).clone()).collect(),
            conflicts: with(&|n| n > 1),
            uncovered: with(&|n| n == 0),
        };
        if evidence.conflicts.is_empty() && evidence.uncovered.is_empty() {
            let decided: BTreeSet<(AbsResourceInstance, AbsResourceInstance)> = in_class
                .iter()
                .map(|s| (s.prior.clone(), s.new.clone()))
                .collect();
            out.pins.extend(decided);
        } else {
            out.undecided.push((class, evidence));
        }
    }
    out.pins.sort();
    out
}

/// Every (dependent, path, prior, new) the dependents' references say,
/// between candidates of `cands`, in order.
fn statements(
    cands: &BTreeSet<(AbsResourceInstance, AbsResourceInstance)>,
    dependents: &[Dependent],
    old_to_prior: &dyn Fn(&AbsResourceInstance) -> AbsResourceInstance,
) -> Vec<Said> {
    let priors: BTreeSet<&AbsResourceInstance> = cands.iter().map(|(p, _)| p).collect();
    let news: BTreeSet<&AbsResourceInstance> = cands.iter().map(|(_, n)| n).collect();
    fn walk(old: &Value, new: &Value, path: &str, seen: &mut dyn FnMut(&str, &Value, &Value)) {
        let at = |step: &str| match path.is_empty() {
            true => step.to_string(),
            false => format!("{path}.{step}"),
        };
        match (old.unmark().0, new.unmark().0) {
            (Value::Object(a), Value::Object(b)) | (Value::Map(_, a), Value::Map(_, b)) => {
                for (k, v) in a {
                    if let Some(w) = b.get(k) {
                        walk(v, w, &at(k), seen);
                    }
                }
            }
            (Value::List(_, a), Value::List(_, b)) | (Value::Tuple(a), Value::Tuple(b)) => a
                .iter()
                .zip(b)
                .enumerate()
                .for_each(|(i, (v, w))| walk(v, w, &format!("{path}[{i}]"), seen)),
            (Value::Unknown(..), Value::Unknown(..)) => seen(path, old, new),
            _ => {}
        }
    }
    let mut said: BTreeSet<Said> = BTreeSet::new();
    for d in dependents {
        walk(&d.old, &d.new, "", &mut |path, o, n| {
            let from: Vec<(AbsResourceInstance, String)> = referenced_attrs(o)
                .into_iter()
                .map(|(a, attr)| (old_to_prior(&a), attr))
                .filter(|(a, _)| priors.contains(a))
                .collect();
            let to: Vec<(AbsResourceInstance, String)> = referenced_attrs(n)
                .into_iter()
                .filter(|(a, _)| news.contains(a))
                .collect();
            if let ([(x, xa)], [(y, ya)]) = (from.as_slice(), to.as_slice())
                && xa == ya
                && cands.contains(&(x.clone(), y.clone()))
            {
                said.insert(Said {
                    dependent: d.new_addr.clone(),
                    was: (d.old_addr != d.new_addr).then(|| d.old_addr.clone()),
                    path: path.to_string(),
                    prior: x.clone(),
                    new: y.clone(),
                });
            }
        });
    }
    said.into_iter().collect()
}

/// What one dependent's reference said about identical objects: at
/// `path` in its configuration it refers to `prior` in the old code and to
/// `new` in the new.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Said {
    /// The dependent, by its new address.
    pub dependent: AbsResourceInstance,
    /// Its old address, when it moved.
    pub was: Option<AbsResourceInstance>,
    /// Where the reference is: `input.of`.
    pub path: String,
    pub prior: AbsResourceInstance,
    pub new: AbsResourceInstance,
}

/// The dependents' evidence about a class of identical objects that it
/// did not decide, and why: only a one-to-one answer for every member
/// decides.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Evidence {
    pub said: Vec<Said>,
    /// Members said to be more than one object (one prior object said to
    /// become two, or two said to become one): the evidence conflicts.
    pub conflicts: Vec<(Side, AbsResourceInstance)>,
    /// Members no dependent speaks of: the evidence covers only part of
    /// the class.
    pub uncovered: Vec<(Side, AbsResourceInstance)>,
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::super::{Options, Pairing, pair_with};
    use super::*;
    use crate::lang::unknown::Origin;

    /// A dependent's configured value: `{ of = OBJECT.id }` at `attr`.
    fn refers(attr: &str, object: &str) -> Value {
        use crate::lang::value::Type;
        let id = Value::Unknown(Type::Dynamic, Some(Origin::attr(object, "id")));
        object_of(&[(attr, object_of(&[("of", id)]))])
    }

    /// The dependents' verdict on the twins: `null_resource.dep[N]` is
    /// the Nth (old, new) value, at the same address on both sides.
    fn verdict(dependents: &[(Value, Value)]) -> (Pairing, Dependents) {
        let (d, c) = twins();
        let p = run(&d, &c);
        let deps: Vec<Dependent> = dependents
            .iter()
            .enumerate()
            .map(|(n, (old, new))| {
                let addr = AbsResourceInstance::parse(&format!("null_resource.dep[{n}]")).unwrap();
                Dependent {
                    old_addr: addr.clone(),
                    new_addr: addr,
                    old: old.clone(),
                    new: new.clone(),
                }
            })
            .collect();
        let found = dependents_evidence(&p.unmatched, &deps, &|a| a.clone());
        (p, found)
    }

    fn evidence(dependents: &[(Value, Value)]) -> Vec<(String, String)> {
        verdict(dependents)
            .1
            .pins
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    /// The evidence named in the reason of `addr`: (statements as
    /// "dependent path: prior -> new", conflicting members, uncovered
    /// members).
    fn named(dependents: &[(Value, Value)], addr: &str) -> (Vec<String>, Vec<String>, Vec<String>) {
        let (mut p, found) = verdict(dependents);
        found.name_evidence(&mut p.unmatched);
        let u = p
            .unmatched
            .iter()
            .find(|u| u.addr.to_string() == addr)
            .unwrap();
        let Reason::Ambiguous(_, e) = &u.reason else {
            panic!("{u:?}")
        };
        let members =
            |m: &[(Side, AbsResourceInstance)]| m.iter().map(|(_, a)| a.to_string()).collect();
        (
            e.said
                .iter()
                .map(|s| format!("{} {}: {} -> {}", s.dependent, s.path, s.prior, s.new))
                .collect(),
            members(&e.conflicts),
            members(&e.uncovered),
        )
    }

    /// Undecided evidence is named in every reason of its class: who said
    /// what, and whether it conflicts or covers only part of the class.
    #[test]
    fn undecided_evidence_is_named_in_the_reasons() {
        let conflict = [
            (
                refers("input", "null_resource.a[0]"),
                refers("input", "null_resource.b[\"x\"]"),
            ),
            (
                refers("input", "null_resource.a[1]"),
                refers("input", "null_resource.b[\"x\"]"),
            ),
        ];
        let (said, conflicts, uncovered) = named(&conflict, "null_resource.a[1]");
        assert_eq!(
            said,
            [
                "null_resource.dep[0] input.of: null_resource.a[0] -> null_resource.b[\"x\"]",
                "null_resource.dep[1] input.of: null_resource.a[1] -> null_resource.b[\"x\"]",
            ]
        );
        assert_eq!(conflicts, ["null_resource.b[\"x\"]"]);
        assert_eq!(uncovered, ["null_resource.b[\"y\"]"]);
        let partial = [(
            refers("input", "null_resource.a[0]"),
            refers("input", "null_resource.b[\"x\"]"),
        )];
        let (said, conflicts, uncovered) = named(&partial, "null_resource.b[\"y\"]");
        assert_eq!(said.len(), 1);
        assert!(conflicts.is_empty());
        assert_eq!(uncovered, ["null_resource.a[1]", "null_resource.b[\"y\"]"]);
        // Nothing refers to them: no evidence to name.
        let (said, _, _) = named(&[], "null_resource.a[0]");
        assert!(said.is_empty());
    }

    /// tfautomv's dependency analysis: dependents that are the same object
    /// on both sides say which identical object became which, and the
    /// pinned pairs then pair.
    #[test]
    fn identical_candidates_told_apart_by_their_dependents() {
        let deps = [
            (
                refers("input", "null_resource.a[0]"),
                refers("input", "null_resource.b[\"y\"]"),
            ),
            (
                refers("input", "null_resource.a[1]"),
                refers("input", "null_resource.b[\"x\"]"),
            ),
        ];
        let want = vec![
            (
                "null_resource.a[0]".to_string(),
                "null_resource.b[\"y\"]".to_string(),
            ),
            (
                "null_resource.a[1]".to_string(),
                "null_resource.b[\"x\"]".to_string(),
            ),
        ];
        assert_eq!(evidence(&deps), want);
        let (d, c) = twins();
        let pinned: Vec<_> = want
            .iter()
            .map(|(a, b)| {
                (
                    AbsResourceInstance::parse(a).unwrap(),
                    AbsResourceInstance::parse(b).unwrap(),
                )
            })
            .collect();
        let opts = Options {
            allow_update: false,
            pinned: &pinned,
            threads: true,
            signed: None,
        };
        let p = pair_with(&d, &c, &|v, _| v.clone(), &|_, _, v| v, opts);
        assert_eq!(pairs(&p), want);
        assert!(p.unmatched.is_empty());
    }

    /// Only decisive evidence decides: one object said to become two, a
    /// class only partly covered, or references at different attribute
    /// paths leave the twins ambiguous.
    #[test]
    fn conflicting_or_partial_dependents_decide_nothing() {
        let conflict = [
            (
                refers("input", "null_resource.a[0]"),
                refers("input", "null_resource.b[\"x\"]"),
            ),
            (
                refers("input", "null_resource.a[1]"),
                refers("input", "null_resource.b[\"x\"]"),
            ),
        ];
        assert!(evidence(&conflict).is_empty());
        let partial = [(
            refers("input", "null_resource.a[0]"),
            refers("input", "null_resource.b[\"x\"]"),
        )];
        assert!(evidence(&partial).is_empty());
        let elsewhere = [
            (
                refers("input", "null_resource.a[0]"),
                refers("other", "null_resource.b[\"x\"]"),
            ),
            (
                refers("input", "null_resource.a[1]"),
                refers("other", "null_resource.b[\"y\"]"),
            ),
        ];
        assert!(evidence(&elsewhere).is_empty());
    }
}
