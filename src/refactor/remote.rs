//! Remote module instances whose content is not read (`config::remote`):
//! each pairs as one object, its content; what the state records under it
//! moves with it; and what cannot be decided without the content is said.

use std::borrow::Cow;

use crate::addrs::{AbsResourceInstance, ModuleInstance};
use crate::lang::value::Value;
use crate::config::is_content;

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
    let mut out = Vec::new();
    for (prior, new) in &pairing.pairs {
        let (Some(from), Some(to)) = (instance_of(prior), instance_of(new)) else {
            continue;
        };
        for h in held.iter().filter(|h| h.module.is_within(from)) {
            let rel = ModuleInstance::new(h.module.steps()[from.steps().len()..].to_vec());
            out.push((h.clone(), h.resource.absolute(to.join(&rel))));
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
    for u in &mut pairing.unmatched {
        if !matches!(u.reason, Reason::NoCounterpart) {
            continue;
        }
        if let Some(m) = instance_of(&u.addr) {
            if u.side == Side::Destroy {
                let objects = held.iter().filter(|h| h.module.is_within(m)).count();
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
    let suffix = content_suffix();
    for b in &mut blocks {
        for end in [&mut b.from, &mut b.to] {
            if let Some(m) = end.strip_suffix(&suffix) {
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

/// What a content object's address adds to its module instance's.
fn content_suffix() -> String {
    let content = crate::config::content_of(&ModuleInstance::root());
    format!(".{content}")
}

/// A text with every content object's name taken out: a reference to a
/// remote module's output reads as one (`module.vpc.vpc_id`).
pub(crate) fn unnamed_contents(text: &str) -> String {
    let suffix = content_suffix();
    match text.contains(&suffix) {
        true => text.replace(&suffix, ""),
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
pub(crate) fn with_remote_outputs<'v>(
    recorded: &'v Value,
    configured: &Value,
) -> Cow<'v, Value> {
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
    let suffix = content_suffix();
    let found = std::cell::Cell::new(false);
    crate::lang::unknown::resolve(v, &|object, _| {
        if object.ends_with(&suffix) {
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
    (pairing.pairs.iter())
        .filter_map(|(_, new)| instance_of(new))
        .map(|m| {
            let n = held_pairs.iter().filter(|(_, h)| h.module.is_within(m)).count();
            (m.clone(), n)
        })
        .collect()
}
