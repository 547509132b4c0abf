//! `--allow-update`: pairs that structure decides although configured
//! values differ; the object moves and is then updated in place. Only
//! the provider knows whether a difference forces a replacement, so this
//! takes the user's consent.

use std::collections::{BTreeSet, HashMap};

use crate::addrs::{AbsResourceInstance, ModuleInstance};

use super::diffs::{AttrDiff, attr_diffs};
use super::object::Kind;
use super::place::{ModulePairs, module_pairs_of, same_place};
use super::references::referenced_objects;
use super::unmatched::unpaired;
use super::{Canon, Mapping, Object};

/// A pair structure decided although configured values differ, taken with
/// `--allow-update`: the object moves and is then updated in place.
#[derive(Clone, Debug, PartialEq)]
pub struct Update {
    pub prior: AbsResourceInstance,
    pub new: AbsResourceInstance,
    pub diffs: Vec<AttrDiff>,
}

/// Beyond this many (prior, new) comparisons of one type, name and key,
/// no update is decided among them: structure would not single one out.
const UPDATE_BUCKET_LIMIT: usize = 1 << 20;

/// Pairs that structure decides although configured values differ, for
/// `--allow-update`: the only unpaired objects of their type on both
/// sides, objects of the same name and key at the same place
/// (`same_place`), unique both ways, or objects whose key became their
/// module call's key (`lifted_keys`). Left out: data sources (never
/// moved), differences in arguments that force a replacement for the
/// types minimod knows (`triggers_replace`), and differences that are only
/// references to objects not paired yet (those may still pair, and then
/// the reference is equal).
pub(super) fn update_choices(
    destroys: &[Object],
    creates: &[Object],
    taken: &[bool],
    done: &[bool],
    mapping: &Mapping,
    canon: &Canon,
) -> Vec<(usize, usize, Vec<AttrDiff>)> {
    let module_pairs = module_pairs_of(mapping);
    let open_d = unpaired(destroys, taken);
    let open_c = unpaired(creates, done);
    let unpaired_addrs: BTreeSet<&AbsResourceInstance> = open_d
        .values()
        .flatten()
        .map(|&i| &destroys[i].addr)
        .chain(open_c.values().flatten().map(|&j| &creates[j].addr))
        .collect();
    let chosen = placed(destroys, creates, &open_d, &open_c, &module_pairs);
    let found = differing(destroys, creates, chosen, &unpaired_addrs, mapping, canon);
    not_waiting(destroys, creates, found)
}

/// The unpaired objects of each kind (`unpaired`).
type Open<'o> = HashMap<Kind<'o>, Vec<usize>>;

/// (destroy, create) pairs that structure places, kind by kind: the only
/// unpaired objects of their kind, then by name, key and place, then by
/// lifted keys. Data sources are never moved.
fn placed(
    destroys: &[Object],
    creates: &[Object],
    open_d: &Open,
    open_c: &Open,
    module_pairs: &ModulePairs,
) -> Vec<(usize, usize)> {
    let mut chosen: Vec<(usize, usize)> = Vec::new();
    for (kind, cs) in open_c {
        if kind.0 == crate::addrs::ResourceMode::Data {
            continue;
        }
        let Some(ds) = open_d.get(kind) else {
            continue;
        };
        if let ([j], [i]) = (cs.as_slice(), ds.as_slice()) {
            chosen.push((*i, *j));
            continue;
        }
        chosen.extend(by_name_and_key(destroys, creates, ds, cs, module_pairs));
        chosen.extend(lifted_keys(destroys, creates, ds, cs, &chosen));
    }
    chosen
}

/// Among destroys `ds` and creates `cs` of one kind: those of the same
/// name and key, where the place (`same_place`) singles out one both ways.
fn by_name_and_key(
    destroys: &[Object],
    creates: &[Object],
    ds: &[usize],
    cs: &[usize],
    module_pairs: &ModulePairs,
) -> Vec<(usize, usize)> {
    let mut chosen: Vec<(usize, usize)> = Vec::new();
    // The destroys and the creates of one name and key.
    type Bucket = (Vec<usize>, Vec<usize>);
    let mut buckets: HashMap<(&str, &crate::addrs::InstanceKey), Bucket> = HashMap::new();
    for &i in ds {
        let r = &destroys[i].addr.resource;
        buckets
            .entry((&*r.resource.name, &r.key))
            .or_default()
            .0
            .push(i);
    }
    for &j in cs {
        let r = &creates[j].addr.resource;
        if let Some(b) = buckets.get_mut(&(&*r.resource.name, &r.key)) {
            b.1.push(j);
        }
    }
    for (bd, bc) in buckets.values() {
        if bd.is_empty() || bc.is_empty() || bd.len() * bc.len() > UPDATE_BUCKET_LIMIT {
            continue;
        }
        let placed =
            |i: usize, j: usize| same_place(&destroys[i].addr, &creates[j].addr, module_pairs);
        for &j in bc {
            let [i] = bd
                .iter()
                .copied()
                .filter(|&i| placed(i, j))
                .collect::<Vec<_>>()[..]
            else {
                continue;
            };
            if bc.iter().filter(|&&k| placed(i, k)).count() == 1 {
                chosen.push((i, j));
            }
        }
    }
    chosen
}

/// A choice (destroy, create), what differs, and the unpaired objects
/// those differences refer to.
type Differing = (usize, usize, Vec<AttrDiff>, BTreeSet<AbsResourceInstance>);

/// Each choice with the unpaired objects its differences refer to, but
/// for those with equal values or a difference that forces a replacement.
fn differing(
    destroys: &[Object],
    creates: &[Object],
    chosen: Vec<(usize, usize)>,
    unpaired_addrs: &BTreeSet<&AbsResourceInstance>,
    mapping: &Mapping,
    canon: &Canon,
) -> Vec<Differing> {
    let mut found = Vec::new();
    for (i, j) in chosen {
        let diffs = attr_diffs(&destroys[i], &creates[j], mapping, canon);
        // Equal values that stayed unpaired are identical candidates:
        // ambiguity is not for this rule to settle.
        if diffs.is_empty() {
            continue;
        }
        let names: Vec<String> = diffs.iter().map(|d| d.name.clone()).collect();
        let type_name = &creates[j].addr.resource.resource.type_name;
        if !crate::providers::schema::replace_paths(type_name, &names).is_empty() {
            continue;
        }
        let pending: BTreeSet<AbsResourceInstance> = diffs
            .iter()
            .flat_map(|d| d.prior.iter().chain(&d.new))
            .flat_map(referenced_objects)
            .filter(|r| unpaired_addrs.contains(r))
            .collect();
        found.push((i, j, diffs, pending));
    }
    found
}

/// A difference that is only a reference to an object not paired yet
/// may vanish once that object pairs: decide the others first, and
/// those waiting on one of this round's choices never in this round.
fn not_waiting(
    destroys: &[Object],
    creates: &[Object],
    found: Vec<Differing>,
) -> Vec<(usize, usize, Vec<AttrDiff>)> {
    let clean: Vec<_> = found.iter().filter(|f| f.3.is_empty()).cloned().collect();
    let chosen_now: Vec<_> = match clean.is_empty() {
        false => clean,
        true => {
            let choices: BTreeSet<&AbsResourceInstance> = found
                .iter()
                .flat_map(|(i, j, _, _)| [&destroys[*i].addr, &creates[*j].addr])
                .collect();
            found
                .iter()
                .filter(|f| !f.3.iter().any(|r| choices.contains(r)))
                .cloned()
                .collect()
        }
    };
    chosen_now
        .into_iter()
        .map(|(i, j, diffs, _)| (i, j, diffs))
        .collect()
}

/// Pairs whose instance key became their module call's key, one level
/// down: `r.a["K"]` to `module.m["K"].r.b` in the same module instance, as
/// when a `for_each` resource moves into a `for_each` call holding one
/// resource of its type. Each key must single out one object on both
/// sides; objects `chosen` already are left out.
fn lifted_keys(
    destroys: &[Object],
    creates: &[Object],
    ds: &[usize],
    cs: &[usize],
    chosen: &[(usize, usize)],
) -> Vec<(usize, usize)> {
    use crate::addrs::InstanceKey;
    type Place = (ModuleInstance, InstanceKey);
    let mut buckets: HashMap<Place, (Vec<usize>, Vec<usize>)> = HashMap::new();
    for &i in ds {
        let a = &destroys[i].addr;
        if a.resource.key != InstanceKey::NoKey && !chosen.iter().any(|c| c.0 == i) {
            let place = (a.module.clone(), a.resource.key.clone());
            buckets.entry(place).or_default().0.push(i);
        }
    }
    for &j in cs {
        let a = &creates[j].addr;
        let (Some(step), Some(parent)) = (a.module.steps().last(), a.module.parent()) else {
            continue;
        };
        if a.resource.key == InstanceKey::NoKey
            && step.key != InstanceKey::NoKey
            && !chosen.iter().any(|c| c.1 == j)
            && let Some(b) = buckets.get_mut(&(parent, step.key.clone()))
        {
            b.1.push(j);
        }
    }
    let mut out: Vec<(usize, usize)> = buckets
        .into_values()
        .filter_map(|b| match (&b.0[..], &b.1[..]) {
            ([i], [j]) => Some((*i, *j)),
            _ => None,
        })
        .collect();
    out.sort_unstable();
    out
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::super::{Options, Pairing, Reason, pair, pair_with};
    use super::*;

    fn allowing(destroys: &[Object], creates: &[Object]) -> Pairing {
        pair_with(
            destroys,
            creates,
            &|v, _| v.clone(),
            &|_, _, v| v,
            Options {
                allow_update: true,
                ..Options::default()
            },
        )
    }

    fn web(key: &str, res: &str, input: &str) -> Object {
        obj(&format!("module.web[{key}].{res}"), &[("input", s(input))])
    }

    /// count -> for_each on a module call while a value inside changes:
    /// the pages pair by value, which pairs the module instances, and the
    /// records then pair by place, name and key (only with consent).
    #[test]
    fn a_changed_object_pairs_by_place_only_with_allow_update() {
        let destroys = [
            web("0", "t.page", "page a"),
            web("1", "t.page", "page b"),
            web("0", "t.record[0]", "a.example.com"),
            web("1", "t.record[0]", "b.example.com"),
        ];
        let creates = [
            web("\"a\"", "t.page", "page a"),
            web("\"b\"", "t.page", "page b"),
            web("\"a\"", "t.record[0]", "a.internal.example.com"),
            web("\"b\"", "t.record[0]", "b.internal.example.com"),
        ];
        let strict = run(&destroys, &creates);
        assert_eq!(strict.pairs.len(), 2);
        assert!(strict.updates.is_empty());
        let p = allowing(&destroys, &creates);
        assert_eq!(p.pairs.len(), 4, "{:?}", p.unmatched);
        assert!(p.unmatched.is_empty());
        let updates: Vec<(String, String, String)> = p
            .updates
            .iter()
            .map(|u| {
                (
                    u.prior.to_string(),
                    u.new.to_string(),
                    u.diffs[0].name.clone(),
                )
            })
            .collect();
        assert_eq!(
            updates,
            [
                (
                    "module.web[0].t.record[0]".into(),
                    "module.web[\"a\"].t.record[0]".into(),
                    "input".into()
                ),
                (
                    "module.web[1].t.record[0]".into(),
                    "module.web[\"b\"].t.record[0]".into(),
                    "input".into()
                ),
            ]
        );
    }

    /// `for_each` resources moved into `for_each` calls of one resource
    /// each while a value changes: each resource key became its call's
    /// key, which pairs them (only with consent); a key two resources
    /// share decides nothing.
    #[test]
    fn a_key_that_became_a_module_key_pairs_with_allow_update() {
        let destroys = [
            obj("t.storages[\"a\"]", &[("input", s("share v1"))]),
            obj("t.components[\"b\"]", &[("input", s("dapr v1"))]),
        ];
        let creates = [
            obj("module.storage[\"a\"].t.this", &[("input", s("share v2"))]),
            obj("module.component[\"b\"].t.this", &[("input", s("dapr v2"))]),
        ];
        assert!(run(&destroys, &creates).pairs.is_empty());
        let p = allowing(&destroys, &creates);
        assert_eq!(
            pairs(&p),
            [
                (
                    "t.components[\"b\"]".to_string(),
                    "module.component[\"b\"].t.this".to_string()
                ),
                (
                    "t.storages[\"a\"]".to_string(),
                    "module.storage[\"a\"].t.this".to_string()
                ),
            ]
        );
        assert_eq!(p.updates.len(), 2);
        let shared = allowing(
            &[
                obj("t.storages[\"a\"]", &[("input", s("share v1"))]),
                obj("t.components[\"a\"]", &[("input", s("dapr v1"))]),
            ],
            &[
                obj("module.storage[\"a\"].t.this", &[("input", s("share v2"))]),
                obj("module.component[\"a\"].t.this", &[("input", s("dapr v2"))]),
            ],
        );
        assert!(shared.pairs.is_empty(), "{:?}", shared.pairs);
    }

    /// Nothing structural: two candidates each way in the root, different
    /// names. No update is guessed.
    #[test]
    fn changed_objects_without_structure_stay_unmatched() {
        let p = allowing(
            &[
                obj("t.a", &[("input", s("1"))]),
                obj("t.b", &[("input", s("2"))]),
            ],
            &[
                obj("t.c", &[("input", s("3"))]),
                obj("t.d", &[("input", s("4"))]),
            ],
        );
        assert!(p.pairs.is_empty());
        assert!(p.updates.is_empty());
    }

    /// The only object of its type on both sides pairs, unless what
    /// differs forces a replacement (terraform_data's triggers_replace).
    #[test]
    fn the_only_object_of_its_type_pairs_unless_the_change_replaces() {
        let p = allowing(
            &[obj("terraform_data.config", &[("input", s("v1"))])],
            &[obj(
                "module.cfg.terraform_data.settings",
                &[("input", s("v2"))],
            )],
        );
        assert_eq!(pairs(&p).len(), 1);
        assert_eq!(p.updates.len(), 1);
        let p = allowing(
            &[obj(
                "terraform_data.config",
                &[("triggers_replace", s("v1"))],
            )],
            &[obj(
                "terraform_data.settings",
                &[("triggers_replace", s("v2"))],
            )],
        );
        assert!(p.pairs.is_empty());
    }

    /// The alias differs only by its reference to the key, which pairs as
    /// an update: the alias then pairs as an exact pair, not an update.
    #[test]
    fn a_dependent_follows_an_accepted_update() {
        let destroys = [
            obj("module.kms.k.this[0]", &[("description", s("old"))]),
            obj(
                "module.kms.a.this",
                &[("target", key_id("module.kms.k.this[0]"))],
            ),
        ];
        let creates = [
            obj("module.key.k.this[0]", &[("description", s("new"))]),
            obj(
                "module.key.a.this",
                &[("target", key_id("module.key.k.this[0]"))],
            ),
        ];
        let canon = follow_pairs;
        let strict = pair(&destroys, &creates, &canon);
        let alias = strict
            .unmatched
            .iter()
            .find(|u| u.addr.to_string() == "module.key.a.this")
            .unwrap();
        let Reason::Differs(near) = &alias.reason else {
            panic!("{alias:?}")
        };
        let a = |s: &str| AbsResourceInstance::parse(s).unwrap();
        // Each side's alias refers to its side's key, neither of which paired.
        assert_eq!(
            near[0].unpaired_refs,
            [
                (a("module.kms.a.this"), a("module.kms.k.this[0]")),
                (a("module.key.a.this"), a("module.key.k.this[0]")),
            ],
        );
        let p = pair_with(
            &destroys,
            &creates,
            &canon,
            &|_, _, v| v,
            Options {
                allow_update: true,
                ..Options::default()
            },
        );
        assert_eq!(p.pairs.len(), 2, "{:?}", p.unmatched);
        let updated: Vec<String> = p.updates.iter().map(|u| u.new.to_string()).collect();
        assert_eq!(updated, ["module.key.k.this[0]"]);
    }
}
