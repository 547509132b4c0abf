//! Pairing what a new configuration would destroy with what it would
//! create. Two objects pair when they have the same mode and type, the
//! same set of configured arguments, and equal values for all of them —
//! after references are followed through the pairs already decided. A pair
//! is decided only when it is unique both ways; identical candidates are
//! told apart only by structural evidence (equal keys, the same resource
//! name inside module instances already known to pair), never by guessing.
//!
//! Cost: objects are indexed by a signature of their compared values, so
//! each round is linear in the number of objects; rounds repeat while
//! references resolve through new pairs.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::addrs::{AbsResourceInstance, ModuleInstance, Resource};
use crate::lang::value::Value;

use crate::lang::unknown::{Origin, Source};

/// A mapping from the new configuration's addresses to the prior objects
/// they were paired with.
pub type Mapping = BTreeMap<AbsResourceInstance, AbsResourceInstance>;

/// One side's object: its address, the values compared, and the names of
/// the arguments its configuration sets.
#[derive(Clone, Debug)]
pub struct Object {
    pub addr: AbsResourceInstance,
    pub values: BTreeMap<String, Value>,
    pub set: BTreeSet<String>,
}

impl Object {
    /// An object as the comparison rule sees it (`providers::schema::
    /// compared_view`, the rule `plan` follows): `configured` (its side's
    /// configuration) decides which arguments are compared, `source` (that
    /// configuration, or the recorded object) gives their values.
    pub fn compared(
        addr: AbsResourceInstance,
        schema: &crate::providers::schema::Block,
        configured: &Value,
        source: &Value,
    ) -> Object {
        let values = crate::providers::schema::compared_view(schema, configured, source);
        // Compared but configured null is "not set" in a report; null
        // and unset are one thing to the rule.
        let set = crate::providers::schema::compared_view(schema, configured, configured)
            .into_iter()
            .filter(|(_, v)| !v.is_null())
            .map(|(k, _)| k)
            .collect();
        Object { addr, set, values }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct AttrDiff {
    pub name: String,
    /// The prior object's value, None when its configuration does not set it.
    pub prior: Option<Value>,
    /// The new configuration's value, None when it does not set it.
    pub new: Option<Value>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Near {
    pub addr: AbsResourceInstance,
    pub diffs: Vec<AttrDiff>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Reason {
    /// Nothing of the same mode and type on the other side.
    NoCounterpart,
    /// Objects of the type exist on the other side, but differ; the
    /// closest ones with what differs.
    Differs(Vec<Near>),
    /// Several identical candidates, and nothing structural tells which.
    Ambiguous(Vec<AbsResourceInstance>),
    /// A move the configuration already declares could not happen: the
    /// destination already holds an object.
    Blocked(AbsResourceInstance),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Destroy,
    Create,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Unmatched {
    pub addr: AbsResourceInstance,
    pub side: Side,
    pub reason: Reason,
}

#[derive(Clone, Debug, Default)]
pub struct Pairing {
    /// (prior address, new address), in prior address order.
    pub pairs: Vec<(AbsResourceInstance, AbsResourceInstance)>,
    pub unmatched: Vec<Unmatched>,
}

/// Rewrites a new-side value under the current mapping (new → prior):
/// unknowns from paired objects follow them to the prior object's
/// attribute or recorded value.
pub type Canon<'a> = dyn Fn(&Value, &Mapping) -> Value + 'a;

/// How many of the closest candidates a "differs" reason lists.
const NEAREST: usize = 3;

pub fn pair(destroys: &[Object], creates: &[Object], canon: &Canon) -> Pairing {
    let mut mapping: Mapping = BTreeMap::new();
    let mut taken: BTreeSet<usize> = BTreeSet::new();
    let mut done: BTreeSet<usize> = BTreeSet::new();
    let destroy_sigs: Vec<String> = destroys
        .iter()
        .map(|d| signature(&d.set, &d.values))
        .collect();
    let ambiguous: BTreeMap<usize, Vec<usize>>;
    loop {
        let mut index: HashMap<(Kind, &str), Vec<usize>> = HashMap::new();
        for (i, d) in destroys.iter().enumerate() {
            if !taken.contains(&i) {
                index
                    .entry((kind(&d.addr.resource.resource), destroy_sigs[i].as_str()))
                    .or_default()
                    .push(i);
            }
        }
        // Candidates each way, among objects not yet paired.
        let mut c_cands: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        let mut d_cands: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for (j, c) in creates.iter().enumerate() {
            if done.contains(&j) {
                continue;
            }
            let values: BTreeMap<String, Value> = c
                .values
                .iter()
                .map(|(k, v)| (k.clone(), canon(v, &mapping)))
                .collect();
            let sig = signature(&c.set, &values);
            let list = index
                .get(&(kind(&c.addr.resource.resource), sig.as_str()))
                .cloned()
                .unwrap_or_default();
            for &i in &list {
                d_cands.entry(i).or_default().push(j);
            }
            if !list.is_empty() {
                c_cands.insert(j, list);
            }
        }
        let mut decided = Vec::new();
        for (&j, ds) in &c_cands {
            if let [i] = ds.as_slice() {
                if d_cands.get(i).map(Vec::as_slice) == Some(&[j]) {
                    decided.push((*i, j));
                }
            }
        }
        if decided.is_empty() {
            decided = structural_choices(destroys, creates, &c_cands, &d_cands, &mapping);
        }
        if decided.is_empty() {
            let mut found: BTreeMap<usize, Vec<usize>> = c_cands
                .iter()
                .filter(|(_, ds)| ds.len() > 1)
                .map(|(j, ds)| (*j, ds.clone()))
                .collect();
            for (i, cs) in &d_cands {
                if cs.len() > 1 {
                    found.entry(usize::MAX - i).or_insert_with(|| cs.clone());
                }
            }
            ambiguous = found;
            break;
        }
        for (i, j) in decided {
            taken.insert(i);
            done.insert(j);
            mapping.insert(creates[j].addr.clone(), destroys[i].addr.clone());
        }
    }
    let mut pairs: Vec<(AbsResourceInstance, AbsResourceInstance)> = mapping
        .iter()
        .map(|(new, old)| (old.clone(), new.clone()))
        .collect();
    pairs.sort();
    let mut unmatched = Vec::new();
    // The unpaired objects of each kind, in order, gathered once: looking
    // them up per unmatched object would scan the other side each time.
    let unpaired_creates = unpaired(creates, &done);
    let unpaired_destroys = unpaired(destroys, &taken);
    for (i, d) in destroys.iter().enumerate() {
        if taken.contains(&i) {
            continue;
        }
        let reason = match ambiguous.get(&(usize::MAX - i)) {
            Some(cs) => Reason::Ambiguous(cs.iter().map(|&j| creates[j].addr.clone()).collect()),
            None => differs(
                d,
                creates,
                same_kind_unpaired(&unpaired_creates, d),
                true,
                &mapping,
                canon,
            ),
        };
        unmatched.push(Unmatched {
            addr: d.addr.clone(),
            side: Side::Destroy,
            reason,
        });
    }
    for (j, c) in creates.iter().enumerate() {
        if done.contains(&j) {
            continue;
        }
        let reason = match ambiguous.get(&j) {
            Some(ds) => Reason::Ambiguous(ds.iter().map(|&i| destroys[i].addr.clone()).collect()),
            None => differs(
                c,
                destroys,
                same_kind_unpaired(&unpaired_destroys, c),
                false,
                &mapping,
                canon,
            ),
        };
        unmatched.push(Unmatched {
            addr: c.addr.clone(),
            side: Side::Create,
            reason,
        });
    }
    Pairing { pairs, unmatched }
}

/// Mode and type: what must be equal for two objects to pair (the name
/// may differ: that is the rename).
type Kind<'a> = (crate::addrs::ResourceMode, &'a str);

fn kind(r: &Resource) -> Kind<'_> {
    (r.mode, &r.type_name)
}

/// When identical candidates tie, structure may still decide: a pair
/// scores for equal instance keys, for the same resource name, and for
/// module instances that already pair through decided siblings. A pair
/// is taken only when it is the single best for both objects and has at
/// least two kinds of evidence.
fn structural_choices(
    destroys: &[Object],
    creates: &[Object],
    c_cands: &BTreeMap<usize, Vec<usize>>,
    d_cands: &BTreeMap<usize, Vec<usize>>,
    mapping: &Mapping,
) -> Vec<(usize, usize)> {
    let module_pairs: BTreeSet<(ModuleInstance, ModuleInstance)> = mapping
        .iter()
        .map(|(new, old)| (old.module.clone(), new.module.clone()))
        .collect();
    let score = |i: usize, j: usize| -> u32 {
        let (d, c) = (&destroys[i].addr, &creates[j].addr);
        let mut s = 0;
        if d.resource.key == c.resource.key {
            s += 1;
        }
        if d.resource.resource.name == c.resource.resource.name {
            s += 1;
        }
        if module_pairs.contains(&(d.module.clone(), c.module.clone()))
            || follows_siblings(&module_pairs, d, c)
            || same_relative_place(d, c)
            || within_kept_instance(d, c)
        {
            s += 1;
        }
        // The object stays in the very module instance it was in (the root
        // too: a rename keeping keys): every other candidate would have to
        // leave an instance that still exists.
        if d.module == c.module {
            s += 1;
        }
        s
    };
    // Among equally scored candidates, the one whose module path is
    // nearest: twins in the instances of one module directory called from
    // two places (`module.app`, `module.core.module.app`) each stay in
    // their own instance rather than cross to the other.
    let best = |scores: Vec<(usize, u32, usize)>| -> Option<usize> {
        let max = scores.iter().map(|(_, s, _)| *s).max()?;
        let top: Vec<(usize, usize)> = scores
            .iter()
            .filter(|(_, s, _)| *s == max)
            .map(|(k, _, d)| (*k, *d))
            .collect();
        let near = top.iter().map(|(_, d)| *d).min()?;
        let nearest: Vec<usize> = top
            .iter()
            .filter(|(_, d)| *d == near)
            .map(|(k, _)| *k)
            .collect();
        (max >= 2 && nearest.len() == 1).then(|| nearest[0])
    };
    let dist =
        |i: usize, j: usize| module_distance(&destroys[i].addr.module, &creates[j].addr.module);
    let mut out = Vec::new();
    for (&j, ds) in c_cands {
        if ds.len() < 2 {
            continue;
        }
        let Some(i) = best(ds.iter().map(|&i| (i, score(i, j), dist(i, j))).collect()) else {
            continue;
        };
        let back = d_cands
            .get(&i)
            .map(|cs| best(cs.iter().map(|&k| (k, score(i, k), dist(i, k))).collect()));
        if back == Some(Some(j)) && !out.iter().any(|(a, _)| *a == i) {
            out.push((i, j));
        }
    }
    out
}

/// Whether one object moves as its decided siblings did, into or out of a
/// child on the way: the siblings in `module.core["a"]` went to
/// `module.iam["a"]`, and this one to `module.iam["a"].module.x`.
/// Siblings that stayed where they were say nothing here (every object of
/// the root would follow root siblings); `within_kept_instance` covers it.
fn follows_siblings(
    module_pairs: &BTreeSet<(ModuleInstance, ModuleInstance)>,
    d: &AbsResourceInstance,
    c: &AbsResourceInstance,
) -> bool {
    module_pairs.iter().any(|(old, new)| {
        old != new
            && ((d.module == *old && c.module.0.starts_with(&new.0))
                || (c.module == *new && d.module.0.starts_with(&old.0)))
    })
}

/// How far apart two module paths are: the fewest steps inserted, removed
/// or changed (a step's name and its key count one each) to turn one into
/// the other. A wrap or an extraction is one step away; moving into another
/// call's instance is at least two.
fn module_distance(a: &ModuleInstance, b: &ModuleInstance) -> usize {
    let (a, b) = (&a.0, &b.0);
    // One row of the edit-distance table at a time: paths are short.
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (x, sa) in a.iter().enumerate() {
        let mut row = vec![x + 1];
        for (y, sb) in b.iter().enumerate() {
            let change = usize::from(sa.name != sb.name) + usize::from(sa.key != sb.key);
            row.push((prev[y] + change).min(prev[y + 1] + 1).min(row[y] + 1));
        }
        prev = row;
    }
    prev[b.len()]
}

/// Whether the two addresses sit at the same place under their module
/// paths: the same instance keys on the steps both paths have, counted
/// from the resource up (`module.web["a"].x` and `module.site["a"].x`, or a
/// call wrapped in a new module: `module.svc["a"].x` and
/// `module.wrap.module.svc["a"].x`).
fn same_relative_place(d: &AbsResourceInstance, c: &AbsResourceInstance) -> bool {
    let (dm, cm) = (&d.module.0, &c.module.0);
    let n = dm.len().min(cm.len());
    n > 0
        && dm[dm.len() - n..]
            .iter()
            .zip(&cm[cm.len() - n..])
            .all(|(a, b)| a.key == b.key)
}

/// Whether one object is in a module instance the other's path goes
/// through (extracted into a child, or out to the parent, inside a module
/// instance that is kept): `module.data["blue"].x` and
/// `module.data["blue"].module.svc.x`.
fn within_kept_instance(d: &AbsResourceInstance, c: &AbsResourceInstance) -> bool {
    let (dm, cm) = (&d.module.0, &c.module.0);
    let n = dm.len().min(cm.len());
    n > 0 && dm.len() != cm.len() && dm[..n] == cm[..n]
}

/// Why an object found no partner although the other side has objects of
/// its type: the closest candidates and what differs.
/// The unpaired objects of each kind, in order.
fn unpaired<'o>(objs: &'o [Object], paired: &BTreeSet<usize>) -> HashMap<Kind<'o>, Vec<usize>> {
    let mut by_kind: HashMap<Kind<'o>, Vec<usize>> = HashMap::new();
    for (k, o) in objs.iter().enumerate() {
        if !paired.contains(&k) {
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
fn differs(
    obj: &Object,
    others: &[Object],
    same: &[usize],
    obj_is_prior: bool,
    mapping: &Mapping,
    canon: &Canon,
) -> Reason {
    let same: Vec<(usize, &Object)> = same.iter().map(|&k| (k, &others[k])).collect();
    if same.is_empty() {
        return Reason::NoCounterpart;
    }
    let mut near: Vec<(usize, f64, Near)> = same
        .into_iter()
        .take(500)
        .map(|(_, o)| {
            let (prior, new) = if obj_is_prior { (obj, o) } else { (o, obj) };
            let diffs = attr_diffs(prior, new, mapping, canon);
            let name_distance =
                1.0 - strsim::jaro_winkler(&obj.addr.to_string(), &o.addr.to_string());
            (
                diffs.len(),
                name_distance,
                Near {
                    addr: o.addr.clone(),
                    diffs,
                },
            )
        })
        .map(|(n, d, near)| (n, d, near))
        .collect::<Vec<_>>();
    near.sort_by(|a, b| {
        a.0.cmp(&b.0)
            .then(a.1.total_cmp(&b.1))
            .then(a.2.addr.cmp(&b.2.addr))
    });
    Reason::Differs(near.into_iter().take(NEAREST).map(|(_, _, n)| n).collect())
}

/// The arguments on which a prior and a new object differ.
pub fn attr_diffs(prior: &Object, new: &Object, mapping: &Mapping, canon: &Canon) -> Vec<AttrDiff> {
    let names: BTreeSet<&String> = prior.set.iter().chain(&new.set).collect();
    let mut out = Vec::new();
    for name in names {
        let p = prior
            .set
            .contains(name)
            .then(|| prior.values.get(name).cloned().unwrap_or_else(Value::null));
        let n = new
            .set
            .contains(name)
            .then(|| canon(new.values.get(name).unwrap_or(&Value::null()), mapping));
        let equal = match (&p, &n) {
            (Some(a), Some(b)) => canonical(a) == canonical(b),
            _ => false,
        };
        if !equal {
            out.push(AttrDiff {
                name: name.clone(),
                prior: p,
                new: n,
            });
        }
    }
    out
}

/// The compared values as one string: equal strings mean the objects
/// pair. Names are part of it, so an argument set on one side only is a
/// difference.
fn signature(set: &BTreeSet<String>, values: &BTreeMap<String, Value>) -> String {
    let null = Value::null();
    let mut out = String::new();
    for name in set {
        out.push_str(name);
        out.push('=');
        out.push_str(&canonical(values.get(name).unwrap_or(&null)));
        out.push('\u{1f}');
    }
    out
}

/// A loose canonical text of a value, matching what a provider would store:
/// lists and tuples alike, maps and objects alike, a number and its decimal
/// string alike, null and an empty collection alike, set order ignored,
/// null (or empty) entries of a map dropped, as unset attributes of a
/// block. Sensitive values compare by value.
pub fn canonical(v: &Value) -> String {
    let (v, _) = v.unmark();
    match v {
        Value::Null(_) => "null".into(),
        // An unknown compares by where it comes from: the same attribute of
        // the same (paired) object, or the same operation over such.
        Value::Unknown(_, Some(o)) => format!("?{}", canonical_origin(o)),
        Value::Unknown(_, None) => "?".into(),
        Value::Bool(b) => format!("p{b}"),
        Value::Number(n) => format!("p{n}"),
        Value::String(s) => format!("p{s}"),
        Value::List(_, items) | Value::Tuple(items) if items.is_empty() => "null".into(),
        Value::Set(_, items) if items.is_empty() => "null".into(),
        Value::Map(_, m) | Value::Object(m) if m.values().all(Value::is_null) => "null".into(),
        Value::List(_, items) | Value::Tuple(items) => {
            format!(
                "[{}]",
                items.iter().map(canonical).collect::<Vec<_>>().join(",")
            )
        }
        Value::Set(_, items) => {
            let mut parts: Vec<String> = items.iter().map(canonical).collect();
            parts.sort();
            format!("[{}]", parts.join(","))
        }
        Value::Map(_, m) | Value::Object(m) => {
            let entries: Vec<String> = m
                .iter()
                .map(|(k, v)| (k, canonical(v)))
                .filter(|(_, c)| c != "null")
                .map(|(k, c)| format!("{k:?}:{c}"))
                .collect();
            if entries.is_empty() {
                "null".into()
            } else {
                format!("{{{}}}", entries.join(","))
            }
        }
        Value::Sensitive(inner) => canonical(inner),
    }
}

fn canonical_origin(o: &Origin) -> String {
    match o.source() {
        Source::Attr { object, attr } => format!("{object}.{attr}"),
        Source::Derived { op, args } => format!(
            "{op:?}({})",
            args.iter().map(canonical).collect::<Vec<_>>().join(",")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn obj(addr: &str, attrs: &[(&str, Value)]) -> Object {
        Object {
            addr: AbsResourceInstance::parse(addr).unwrap(),
            values: attrs
                .iter()
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect(),
            set: attrs.iter().map(|(k, _)| k.to_string()).collect(),
        }
    }

    fn run(destroys: &[Object], creates: &[Object]) -> Pairing {
        pair(destroys, creates, &|v, _| v.clone())
    }

    fn pairs(p: &Pairing) -> Vec<(String, String)> {
        p.pairs
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    fn s(x: &str) -> Value {
        Value::string(x)
    }

    /// An object by the comparison rule, without a schema unless given.
    fn compared(addr: &str, schema: Option<&str>, configured: Value, source: Value) -> Object {
        use crate::providers::schema::{Block, Schemas};
        let schema = schema
            .and_then(|t| Schemas::resource(None, t))
            .map(|b| (*b).clone())
            .unwrap_or(Block {
                inferred: true,
                ..Block::default()
            });
        Object::compared(
            AbsResourceInstance::parse(addr).unwrap(),
            &schema,
            &configured,
            &source,
        )
    }

    fn object(attrs: &[(&str, Value)]) -> Value {
        Value::Object(
            attrs
                .iter()
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect(),
        )
    }

    #[test]
    fn arguments_left_null_are_the_providers_on_both_sides() {
        // `ipv6_cidr_block = var.x` (null) on both sides; the provider
        // recorded "" and an id.
        let configured = object(&[("cidr", s("10.0.0.0/16")), ("ipv6", Value::null())]);
        let recorded = object(&[("cidr", s("10.0.0.0/16")), ("ipv6", s("")), ("id", s("v"))]);
        let p = run(
            &[compared("aws_vpc.this", None, configured.clone(), recorded)],
            &[compared(
                "module.network.aws_vpc.this",
                None,
                configured.clone(),
                configured,
            )],
        );
        assert_eq!(pairs(&p).len(), 1, "{:?}", p.unmatched);
    }

    #[test]
    fn terraform_data_without_its_triggers_is_a_difference() {
        let old = object(&[("input", s("x")), ("triggers_replace", s("t"))]);
        let recorded = object(&[
            ("id", s("u")),
            ("input", s("x")),
            ("output", s("x")),
            ("triggers_replace", s("t")),
        ]);
        let new = object(&[("input", s("x"))]);
        let p = run(
            &[compared(
                "terraform_data.a",
                Some("terraform_data"),
                old,
                recorded,
            )],
            &[compared(
                "terraform_data.b",
                Some("terraform_data"),
                new.clone(),
                new,
            )],
        );
        assert!(p.pairs.is_empty());
        let Reason::Differs(near) = &p.unmatched[0].reason else {
            panic!("{:?}", p.unmatched)
        };
        assert_eq!(near[0].diffs[0].name, "triggers_replace");
        assert_eq!(near[0].diffs[0].new, None, "reported as not set");
    }

    #[test]
    fn unique_equal_objects_pair_and_a_changed_one_does_not() {
        let p = run(
            &[
                obj("aws_s3_bucket.a", &[("bucket", s("logs"))]),
                obj("aws_s3_bucket.b", &[("bucket", s("data"))]),
            ],
            &[
                obj("module.s3.aws_s3_bucket.this", &[("bucket", s("logs"))]),
                obj("aws_s3_bucket.c", &[("bucket", s("data2"))]),
            ],
        );
        assert_eq!(
            pairs(&p),
            [(
                "aws_s3_bucket.a".into(),
                "module.s3.aws_s3_bucket.this".into()
            )]
        );
        let Reason::Differs(near) = &p.unmatched[0].reason else {
            panic!("{:?}", p.unmatched)
        };
        assert_eq!(near[0].diffs[0].name, "bucket");
    }

    #[test]
    fn an_argument_dropped_from_the_new_code_is_a_difference() {
        let p = run(
            &[obj(
                "aws_db_instance.main",
                &[("engine", s("pg")), ("multi_az", Value::Bool(true))],
            )],
            &[obj(
                "module.db.aws_db_instance.main",
                &[("engine", s("pg"))],
            )],
        );
        assert!(p.pairs.is_empty());
        let Reason::Differs(near) = &p.unmatched[0].reason else {
            panic!()
        };
        assert_eq!(
            near[0].diffs,
            [AttrDiff {
                name: "multi_az".into(),
                prior: Some(Value::Bool(true)),
                new: None
            }]
        );
    }

    #[test]
    fn identical_candidates_stay_ambiguous_without_structure() {
        let p = run(
            &[
                obj("null_resource.a[0]", &[]),
                obj("null_resource.a[1]", &[]),
            ],
            &[
                obj("null_resource.b[\"x\"]", &[]),
                obj("null_resource.b[\"y\"]", &[]),
            ],
        );
        assert!(p.pairs.is_empty());
        assert!(
            p.unmatched
                .iter()
                .all(|u| matches!(u.reason, Reason::Ambiguous(_)))
        );
    }

    /// Identical objects in several instances of a renamed call, extracted
    /// into a child there with a new key: each follows its siblings
    /// (differential seed 300237).
    #[test]
    fn identical_candidates_follow_their_siblings_into_a_child() {
        let p = run(
            &[
                obj("module.core[\"a\"].x.log", &[("input", s("log"))]),
                obj("module.core[\"b\"].x.log", &[("input", s("log2"))]),
                obj("module.core[\"a\"].x.lb[0]", &[]),
                obj("module.core[\"b\"].x.lb[0]", &[]),
            ],
            &[
                obj("module.iam[\"a\"].x.log", &[("input", s("log"))]),
                obj("module.iam[\"b\"].x.log", &[("input", s("log2"))]),
                obj("module.iam[\"b\"].module.c.x.lb[1]", &[]),
                obj("module.iam[\"a\"].module.c.x.lb[1]", &[]),
            ],
        );
        assert!(
            pairs(&p).contains(&(
                "module.core[\"a\"].x.lb[0]".into(),
                "module.iam[\"a\"].module.c.x.lb[1]".into()
            )),
            "{:?}",
            p.unmatched
        );
        assert_eq!(pairs(&p).len(), 4, "{:?}", p.unmatched);
    }

    /// A counted resource of identical objects renamed in the root: each
    /// keeps its key (differential seeds 81, 165, 201).
    #[test]
    fn identical_candidates_pair_by_keys_of_a_root_rename() {
        let p = run(
            &[
                obj("null_resource.lb[0]", &[]),
                obj("null_resource.lb[1]", &[]),
            ],
            &[
                obj("null_resource.db[0]", &[]),
                obj("null_resource.db[1]", &[]),
            ],
        );
        assert_eq!(
            pairs(&p),
            [
                ("null_resource.lb[0]".into(), "null_resource.db[0]".into()),
                ("null_resource.lb[1]".into(), "null_resource.db[1]".into()),
            ],
            "{:?}",
            p.unmatched
        );
    }

    #[test]
    fn identical_candidates_pair_by_keys_inside_renamed_modules() {
        let p = run(
            &[
                obj("module.web[\"a\"].x.page[0]", &[]),
                obj("module.web[\"b\"].x.page[0]", &[]),
            ],
            &[
                obj("module.site[\"a\"].x.page[0]", &[]),
                obj("module.site[\"b\"].x.page[0]", &[]),
            ],
        );
        assert_eq!(pairs(&p).len(), 2, "{:?}", p.unmatched);
        assert_eq!(
            pairs(&p)[0],
            (
                "module.web[\"a\"].x.page[0]".into(),
                "module.site[\"a\"].x.page[0]".into()
            )
        );
    }

    /// Twins in every instance of a for_each call that is wrapped in a new
    /// module: the keys kept under the wrapper decide.
    #[test]
    fn identical_candidates_pair_by_keys_of_a_wrapped_call() {
        let p = run(
            &[
                obj("module.svc[\"a\"].x.job", &[]),
                obj("module.svc[\"b\"].x.job", &[]),
            ],
            &[
                obj("module.wrap.module.svc[\"a\"].x.job", &[]),
                obj("module.wrap.module.svc[\"b\"].x.job", &[]),
            ],
        );
        assert_eq!(
            pairs(&p),
            [
                (
                    "module.svc[\"a\"].x.job".into(),
                    "module.wrap.module.svc[\"a\"].x.job".into()
                ),
                (
                    "module.svc[\"b\"].x.job".into(),
                    "module.wrap.module.svc[\"b\"].x.job".into()
                ),
            ],
            "{:?}",
            p.unmatched
        );
    }

    /// A rename inside a module called twice with identical objects: each
    /// object stays in the module instance it was in.
    #[test]
    fn identical_candidates_stay_in_their_module_instance() {
        let p = run(
            &[
                obj("module.edge.module.data[\"b\"].x.key", &[]),
                obj("module.edge3.module.data[\"b\"].x.key", &[]),
            ],
            &[
                obj("module.edge.module.data[\"b\"].x.job", &[]),
                obj("module.edge3.module.data[\"b\"].x.job", &[]),
            ],
        );
        assert_eq!(
            pairs(&p),
            [
                (
                    "module.edge.module.data[\"b\"].x.key".into(),
                    "module.edge.module.data[\"b\"].x.job".into()
                ),
                (
                    "module.edge3.module.data[\"b\"].x.key".into(),
                    "module.edge3.module.data[\"b\"].x.job".into()
                ),
            ],
            "{:?}",
            p.unmatched
        );
    }

    /// Extracted into a child module inside each instance of a for_each
    /// module: the instance the new child sits in decides.
    #[test]
    fn identical_candidates_extracted_inside_their_module_instance() {
        let p = run(
            &[
                obj("module.data[\"blue\"].x.job[0]", &[]),
                obj("module.data[\"green\"].x.job[0]", &[]),
            ],
            &[
                obj("module.data[\"blue\"].module.svc.x.job[0]", &[]),
                obj("module.data[\"green\"].module.svc.x.job[0]", &[]),
            ],
        );
        assert_eq!(pairs(&p).len(), 2, "{:?}", p.unmatched);
        assert_eq!(
            pairs(&p)[0],
            (
                "module.data[\"blue\"].x.job[0]".into(),
                "module.data[\"blue\"].module.svc.x.job[0]".into()
            )
        );
    }

    #[test]
    fn different_types_never_pair() {
        let p = run(&[obj("aws_instance.a", &[])], &[obj("aws_eip.a", &[])]);
        assert!(p.pairs.is_empty());
        assert!(
            p.unmatched
                .iter()
                .all(|u| u.reason == Reason::NoCounterpart)
        );
    }

    #[test]
    fn canonical_forms_ignore_collection_kind_and_set_order() {
        use crate::lang::value::Type;
        assert_eq!(
            canonical(&Value::Tuple(vec![s("a")])),
            canonical(&Value::List(Type::String, vec![s("a")]))
        );
        assert_eq!(canonical(&Value::int(80)), canonical(&s("80")));
        assert_eq!(
            canonical(&Value::set(Type::String, vec![s("b"), s("a")])),
            canonical(&Value::Tuple(vec![s("a"), s("b")]))
        );
        assert_ne!(canonical(&s("a")), canonical(&s("b")));
    }
}
