//! Remote module instances whose content is not read (`config::remote`):
//! each pairs as one object, its content; what the state records under it
//! moves with it; and what cannot be decided without the content is said.

use std::borrow::Cow;

use crate::addrs::{AbsResourceInstance, ModuleInstance};
use crate::config::is_content;
use crate::lang::value::Value;

use super::blocks::Block;
use super::pairing::{Near, Pairing, Reason, Side, Unmatched};

/// What to run for a remote module's content.
pub(crate) const CONTENT_NEEDED: &str =
    "its content is needed: run `minimod modules get` or `terraform init -backend=false`";

/// What a check needs for a remote module's content: it reads revisions
/// from git, so only what the base's policy lets it fetch.
pub(crate) const CHECK_CONTENT_NEEDED: &str = "its content is needed: allow fetching its source in the base's .minimod.hcl (`modules { fetch = true  allow = [...] }`)";

/// The module instance a content object stands for.
pub(crate) fn instance_of(content: &AbsResourceInstance) -> Option<&ModuleInstance> {
    is_content(&content.resource.resource).then_some(&content.module)
}

/// The pairs of the objects `held` under remote instances whose content
/// paired: each goes where its instance goes. A content pair whose call
/// differs (taken with `--allow-update`) is undone first: what a changed
/// source, version or argument does inside is the content's to say.
pub(crate) fn held_pairs(
    pairing: &mut Pairing,
    held: &[AbsResourceInstance],
) -> Vec<(AbsResourceInstance, AbsResourceInstance)> {
    let changed: Vec<_> = (pairing.updates.iter())
        .filter(|u| instance_of(&u.prior).is_some())
        .cloned()
        .collect();
    for u in changed {
        pairing.updates.retain(|x| x.prior != u.prior);
        pairing.pairs.retain(|(prior, _)| *prior != u.prior);
        let near = |addr: &AbsResourceInstance| {
            Reason::Differs(vec![Near {
                addr: addr.clone(),
                diffs: u.diffs.clone(),
                unpaired_refs: Vec::new(),
            }])
        };
        pairing.unmatched.push(Unmatched {
            addr: u.prior.clone(),
            side: Side::Destroy,
            reason: near(&u.new),
        });
        pairing.unmatched.push(Unmatched {
            addr: u.new.clone(),
            side: Side::Create,
            reason: near(&u.prior),
        });
    }
    let moved: foldhash::HashMap<&ModuleInstance, &ModuleInstance> = (pairing.pairs.iter())
        .filter_map(|(prior, new)| Some((instance_of(prior)?, instance_of(new)?)))
        .collect();
    let mut out = Vec::new();
    for (from, objects) in by_instance(held, |m| moved.contains_key(m)) {
        let to = moved[&from];
        for h in objects {
            let rel = ModuleInstance::new(h.module.steps()[from.steps().len()..].to_vec());
            out.push((h.clone(), h.resource.absolute(to.join(&rel))));
        }
    }
    out
}

/// The objects `held` grouped by the module instance holding them (the
/// shortest prefix of its path that `holds`), each object looked up once
/// per step of its path.
fn by_instance(
    held: &[AbsResourceInstance],
    holds: impl Fn(&ModuleInstance) -> bool,
) -> foldhash::HashMap<ModuleInstance, Vec<&AbsResourceInstance>> {
    let mut out: foldhash::HashMap<ModuleInstance, Vec<&AbsResourceInstance>> = Default::default();
    for h in held {
        let steps = h.module.steps();
        let holder = (1..=steps.len())
            .map(|n| ModuleInstance::new(steps[..n].to_vec()))
            .find(|m| holds(m));
        if let Some(m) = holder {
            out.entry(m).or_default().push(h);
        }
    }
    out
}

/// Reasons that name what is remote: a remote instance with nothing on the
/// other side goes with what the state records under it; an object with
/// nothing of its type on the other side may be inside a remote instance
/// there.
pub(crate) fn name_reasons(
    pairing: &mut Pairing,
    held: &[AbsResourceInstance],
    (old, new): (&[AbsResourceInstance], &[AbsResourceInstance]),
    new_modules: &[ModuleInstance],
) {
    let instances = |all: &[AbsResourceInstance]| -> Vec<ModuleInstance> {
        all.iter().filter_map(instance_of).cloned().collect()
    };
    let (old, new) = (instances(old), instances(new));
    let gone: foldhash::HashSet<&ModuleInstance> = (pairing.unmatched.iter())
        .filter(|u| u.side == Side::Destroy)
        .filter_map(|u| instance_of(&u.addr))
        .collect();
    let counts: foldhash::HashMap<ModuleInstance, usize> = by_instance(held, |m| gone.contains(m))
        .into_iter()
        .map(|(m, objects)| (m, objects.len()))
        .collect();
    for u in &mut pairing.unmatched {
        if !matches!(u.reason, Reason::NoCounterpart) {
            continue;
        }
        if let Some(m) = instance_of(&u.addr) {
            if u.side == Side::Destroy {
                let objects = counts.get(m).copied().unwrap_or(0);
                u.reason = match new_modules.contains(m) {
                    true => Reason::RemoteReadThere,
                    false => Reason::RemoteGone { objects },
                };
            }
            continue;
        }
        let other = match u.side {
            Side::Destroy => &new,
            Side::Create => &old,
        };
        if !other.is_empty() {
            u.reason = Reason::BesideRemote(other.clone());
        }
    }
}

/// Blocks that name a content object name its module instance: the
/// instance moves, and everything a state records under it with it.
pub(crate) fn whole_instances(mut blocks: Vec<Block>) -> Vec<Block> {
    let suffix = crate::config::CONTENT_SUFFIX;
    for b in &mut blocks {
        for end in [&mut b.from, &mut b.to] {
            if let Some(m) = end.strip_suffix(suffix) {
                *end = m.to_string();
            }
        }
    }
    blocks
}

/// `a` and `b` as one list in prior address order.
pub(crate) fn sorted_union(
    a: &[(AbsResourceInstance, AbsResourceInstance)],
    b: &[(AbsResourceInstance, AbsResourceInstance)],
) -> Vec<(AbsResourceInstance, AbsResourceInstance)> {
    let mut all: Vec<_> = a.iter().chain(b).cloned().collect();
    all.sort();
    all
}

/// A text with every content object's name taken out: a reference to a
/// remote module's output reads as one (`module.vpc.vpc_id`).
pub(crate) fn unnamed_contents(text: &str) -> String {
    let suffix = crate::config::CONTENT_SUFFIX;
    match text.contains(suffix) {
        true => text.replace(suffix, ""),
        false => text.to_string(),
    }
}

/// Module instances as a list in a sentence.
pub(crate) fn listed(instances: &[ModuleInstance]) -> String {
    let names: Vec<String> = instances.iter().map(ToString::to_string).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// A recorded object's values for comparing it, with each argument its
/// configuration sets from a remote module's outputs taken as configured:
/// a state records what the output was, but without the module's content
/// the new side's reference stays an unknown that only the same reference
/// (followed through the pairing) equals.
pub(crate) fn with_remote_outputs<'v>(recorded: &'v Value, configured: &Value) -> Cow<'v, Value> {
    let (Some(rec), Some(conf)) = (recorded.as_mapping(), configured.as_mapping()) else {
        return Cow::Borrowed(recorded);
    };
    if !conf.values().any(reads_remote) {
        return Cow::Borrowed(recorded);
    }
    let merged = rec
        .iter()
        .map(|(k, v)| match conf.get(k) {
            Some(c) if reads_remote(c) => (k.clone(), c.clone()),
            _ => (k.clone(), v.clone()),
        })
        .collect();
    Cow::Owned(Value::Object(merged))
}

/// Whether a value is derived from a remote module's output.
fn reads_remote(v: &Value) -> bool {
    if v.is_wholly_known() {
        return false;
    }
    let suffix = crate::config::CONTENT_SUFFIX;
    let found = std::cell::Cell::new(false);
    crate::lang::unknown::resolve(v, &|object, _| {
        if object.ends_with(suffix) {
            found.set(true);
        }
        None
    });
    found.get()
}

/// A remote module instance the proof updates in place: its call changes
/// where it is, and only its content would say what that does.
pub(crate) fn changed_calls(proof: &crate::plan::diff::Plan, pairing: &mut Pairing) {
    use crate::plan::diff::Action;
    for c in proof.changes.iter().filter(|c| c.action == Action::Update) {
        if instance_of(&c.addr).is_none() {
            continue;
        }
        let value = |v: &Option<Value>, name: &str| {
            v.as_ref()
                .and_then(Value::as_mapping)
                .and_then(|m| m.get(name).cloned())
                .filter(|v| !v.is_null())
        };
        let diffs = (c.changed.iter())
            .map(|name| super::pairing::AttrDiff {
                name: name.clone(),
                prior: value(&c.before, name),
                new: value(&c.after, name),
            })
            .collect();
        pairing.unmatched.push(Unmatched {
            addr: c.addr.clone(),
            side: Side::Destroy,
            reason: Reason::RemoteChanged(diffs),
        });
    }
}

/// Each paired remote module instance by its new address, with how many
/// objects the state records under it.
pub(crate) fn moved_with_calls(
    pairing: &Pairing,
    held_pairs: &[(AbsResourceInstance, AbsResourceInstance)],
) -> Vec<(ModuleInstance, usize)> {
    let calls: foldhash::HashSet<&ModuleInstance> = (pairing.pairs.iter())
        .filter_map(|(_, new)| instance_of(new))
        .collect();
    let arrived: Vec<AbsResourceInstance> = held_pairs.iter().map(|(_, to)| to.clone()).collect();
    let counts = by_instance(&arrived, |m| calls.contains(m));
    (pairing.pairs.iter())
        .filter_map(|(_, new)| instance_of(new))
        .map(|m| (m.clone(), counts.get(m).map_or(0, Vec::len)))
        .collect()
}

/// How many of a plan's updates change only values read from remote
/// modules' outputs (known once their content is read): with a state,
/// each is the recorded value unless the content says otherwise.
pub(crate) fn unread_updates(plan: &crate::plan::diff::Plan) -> usize {
    use crate::plan::diff::Action;
    let suffix = crate::config::CONTENT_SUFFIX;
    let unread = |v: &Value| match v.unmark().0 {
        Value::String(s) => crate::lang::unknown::holds_origin_text(v) && s.contains(suffix),
        v => reads_remote(v),
    };
    (plan.changes.iter())
        .filter(|c| c.action == Action::Update && !c.changed.is_empty())
        .filter(|c| {
            let after = c.after.as_ref().and_then(Value::as_mapping);
            (c.changed.iter()).all(|name| after.and_then(|m| m.get(name)).is_some_and(unread))
        })
        .count()
}
