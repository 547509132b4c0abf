//! The refactor's report: every unmatched address with a reason a person
//! can act on, as text (stderr) or as one JSON document (stdout with
//! `--json`). Sensitive values are never shown.

use std::fmt::Write;

use serde_json::json;

use crate::lang::display;
use crate::lang::value::Value;

use super::Outcome;
use super::blocks::Block;
use super::pairing::{AttrDiff, Evidence, Reason, Side, Unmatched, Update};

/// A value as the report shows it: console form, a value known only after
/// apply as the reference it comes from, sensitive values hidden.
fn shown(v: &Value) -> String {
    if v.has_marks_deep() {
        return "(sensitive value)".into();
    }
    super::remote::unnamed_contents(&display::console_with_origins(v))
}

/// Both sides of a difference as the report shows them (None: not set).
/// A value sensitive on either side, in the prior state or in the
/// configuration, hides both: the other side is the same attribute's
/// secret before or after.
fn shown_pair(d: &AttrDiff) -> (Option<String>, Option<String>) {
    let secret = [&d.prior, &d.new]
        .iter()
        .any(|v| v.as_ref().is_some_and(Value::has_marks_deep));
    let show = |v: &Value| match secret {
        true => "(sensitive value)".to_string(),
        false => shown(v),
    };
    (d.prior.as_ref().map(show), d.new.as_ref().map(show))
}

fn side(u: &Unmatched) -> &'static str {
    match u.side {
        Side::Destroy => "destroy",
        Side::Create => "create",
    }
}

/// Long or multi-line values differ best as a line diff.
fn diff_lines(d: &AttrDiff, out: &mut String) {
    let (prior, new) = shown_pair(d);
    let not_set = || "(not set)".to_string();
    let (prior, new) = (prior.unwrap_or_else(not_set), new.unwrap_or_else(not_set));
    let long = prior.len() > 60 || new.len() > 60 || prior.contains('\n') || new.contains('\n');
    if !long {
        let _ = writeln!(out, "        {}: {prior} -> {new}", d.name);
        return;
    }
    let _ = writeln!(out, "        {}:", d.name);
    let pretty = |s: &str| -> String {
        // A JSON document inside a string reads better pretty-printed.
        let inner = s.trim_matches('"').replace("\\\"", "\"");
        serde_json::from_str::<serde_json::Value>(&inner)
            .ok()
            .filter(|v| v.is_object() || v.is_array())
            .and_then(|v| serde_json::to_string_pretty(&v).ok())
            .unwrap_or_else(|| s.to_string())
    };
    let (a, b) = (pretty(&prior), pretty(&new));
    let diff = similar::TextDiff::from_lines(&a, &b);
    for change in diff.iter_all_changes() {
        let sign = match change.tag() {
            similar::ChangeTag::Delete => "-",
            similar::ChangeTag::Insert => "+",
            similar::ChangeTag::Equal => " ",
        };
        let _ = write!(out, "          {sign} {}", change.value());
        if !change.value().ends_with('\n') {
            out.push('\n');
        }
    }
}

fn reason_text(u: &Unmatched, out: &mut String) {
    if let Some(lines) = remote_reason(u, super::remote::CONTENT_NEEDED) {
        for l in lines {
            let _ = writeln!(out, "      {l}");
        }
        return;
    }
    let (other, has) = match u.side {
        Side::Destroy => ("the new configuration", "has"),
        Side::Create => ("the prior objects", "have"),
    };
    let kind = format!("{}", u.addr.resource.resource.type_name);
    match &u.reason {
        Reason::NoCounterpart => {
            let _ = writeln!(
                out,
                "      no {kind} on the other side ({other} {has} none left to pair)"
            );
        }
        Reason::BesideRemote(instances) => {
            let _ = writeln!(
                out,
                "      no {kind} on the other side; it may be inside {}, whose content is not read: {}",
                super::remote::listed(instances),
                super::remote::CONTENT_NEEDED
            );
        }
        Reason::RemoteGone { .. } | Reason::RemoteChanged(_) | Reason::RemoteReadThere => {}
        Reason::Blocked(wanted) => {
            let _ = writeln!(
                out,
                "      a moved block already moves it to {wanted}, but {wanted} already holds an object, so the move is blocked"
            );
            let _ = writeln!(
                out,
                "      remove one of the two objects from the state, or point the moved block elsewhere"
            );
        }
        Reason::Ambiguous(cands, evidence) => {
            let names: Vec<String> = cands.iter().map(ToString::to_string).collect();
            let _ = writeln!(
                out,
                "      {} identical candidates, and nothing in the structure tells which: {}",
                cands.len(),
                names.join(", ")
            );
            evidence_text(evidence, out);
            let _ = writeln!(
                out,
                "      write the moved block for it by hand, or make the objects differ"
            );
        }
        Reason::Differs(near) => {
            for (i, n) in near.iter().enumerate() {
                let lead = if i == 0 { "closest candidate" } else { "also" };
                // No listed difference: never an empty list.
                if n.diffs.is_empty() {
                    let _ = writeln!(
                        out,
                        "      {lead} {} shows no difference in the values compared, yet did not pair",
                        n.addr
                    );
                    continue;
                }
                let _ = writeln!(out, "      {lead} {} differs in:", n.addr);
                for d in &n.diffs {
                    diff_lines(d, out);
                }
            }
            for (holder, r) in near.first().map_or(&[][..], |n| &n.unpaired_refs[..]) {
                match holder == &u.addr {
                    true => {
                        let r = shown_addr(r);
                        let _ = writeln!(out, "      refers to {r}, which did not pair");
                    }
                    false => {
                        let r = shown_addr(r);
                        let _ = writeln!(out, "      {holder} refers to {r}, which did not pair");
                    }
                }
            }
            if let Some(n) = near.first()
                && strsim::jaro_winkler(
                    &u.addr.resource.resource.name,
                    &n.addr.resource.resource.name,
                ) > 0.85
                && u.addr.resource.resource.name != n.addr.resource.resource.name
            {
                let _ = writeln!(out, "      did you mean {}?", n.addr);
            }
        }
    }
}

/// What the dependents said of identical objects, and why it did not
/// decide: only evidence that pairs every one of them one to one does.
fn evidence_text(e: &Evidence, out: &mut String) {
    if e.said.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "      what refers to them does not decide it (only evidence that pairs every identical object one to one does):"
    );
    for s in &e.said {
        let was = match &s.was {
            Some(w) => format!(" (was {w})"),
            None => String::new(),
        };
        let _ = writeln!(
            out,
            "        {}{was}, at {}, refers to {} before and to {} after",
            s.dependent, s.path, s.prior, s.new
        );
    }
    for (side, m) in &e.conflicts {
        let (verb, others): (&str, Vec<String>) = match side {
            Side::Destroy => (
                "become",
                e.said
                    .iter()
                    .filter(|s| &s.prior == m)
                    .map(|s| s.new.to_string())
                    .collect(),
            ),
            Side::Create => (
                "be",
                e.said
                    .iter()
                    .filter(|s| &s.new == m)
                    .map(|s| s.prior.to_string())
                    .collect(),
            ),
        };
        let mut others = others;
        others.dedup();
        let _ = writeln!(
            out,
            "        they conflict: {m} would {verb} {} at once",
            others.join(" and ")
        );
    }
    for (_, m) in &e.uncovered {
        let _ = writeln!(
            out,
            "        no dependent refers to {m}, so the evidence covers only part of them"
        );
    }
}

/// `evidence_text` as `--json` carries it.
fn evidence_json(e: &Evidence) -> serde_json::Value {
    let members = |m: &[(Side, crate::addrs::AbsResourceInstance)]| {
        m.iter().map(|(_, a)| a.to_string()).collect::<Vec<_>>()
    };
    json!({
        "dependents": e.said.iter().map(|s| json!({
            "dependent": s.dependent.to_string(),
            "was": s.was.as_ref().map(ToString::to_string),
            "attribute": s.path,
            "from": s.prior.to_string(),
            "to": s.new.to_string(),
        })).collect::<Vec<_>>(),
        "conflicts": members(&e.conflicts),
        "not_covered": members(&e.uncovered),
    })
}

/// The human report.
/// How much of the report a person asked for (`-q`, default, `-v`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) enum Detail {
    /// The verdict only.
    Quiet,
    #[default]
    Normal,
    /// Also each pair and why it paired.
    Verbose,
}

/// The report: the verdict, the counts and the next step first, so a long
/// list of unmatched objects never hides what to do; the details follow.
pub(crate) fn human_with(outcome: &Outcome, allow_add: bool, detail: Detail) -> String {
    let mut out = String::new();
    let (add, change, destroy) = outcome.proof.counts();
    let _ = writeln!(out, "{}", verdict(outcome, allow_add));
    if detail == Detail::Quiet {
        return out;
    }
    let calls = outcome.moved_with_calls.len();
    let pairs = outcome.pairing.pairs.len() - calls;
    let calls = match calls {
        0 => String::new(),
        1 => " and 1 remote module instance".into(),
        n => format!(" and {n} remote module instances"),
    };
    let _ = writeln!(
        out,
        "minimod: {pairs} object{}{calls} paired, {} moved block{}.",
        if pairs == 1 { "" } else { "s" },
        super::blocks::distinct(&outcome.blocks).len(),
        if super::blocks::distinct(&outcome.blocks).len() == 1 {
            ""
        } else {
            "s"
        }
    );
    let _ = writeln!(
        out,
        "With these blocks: Plan: {add} to add, {change} to change, {destroy} to destroy."
    );
    let unread = super::remote::unread_updates(&outcome.proof);
    if unread > 0 {
        let _ = writeln!(
            out,
            "({unread} of the changes only set values from remote modules' outputs, which minimod does not read: they are the recorded values unless the modules' content says otherwise; --verify-with tells.)"
        );
    }
    for (m, objects) in outcome.moved_with_calls.iter().filter(|(_, n)| *n > 0) {
        let _ = writeln!(
            out,
            "{objects} object{} under {m} moved with its call; module content not read.",
            if *objects == 1 { "" } else { "s" }
        );
    }
    // Pairs that only the values keep apart lead: what would pair, what
    // changes, and the one flag that accepts them, before any long list.
    if !outcome.update_hint.is_empty() {
        let n = outcome.update_hint.len();
        let (count, verb, them) = match n {
            1 => ("1 object".to_string(), "differs", "it"),
            n => (format!("{n} objects"), "differ", "them"),
        };
        let _ = writeln!(
            out,
            "\n{count} {verb} only by values: run again with --allow-update to move and update {them} in place\n(only the provider knows whether a difference forces a replacement; --verify-with tells):"
        );
        updates_text(&outcome.update_hint, &mut out);
    } else if destroy > 0 && !outcome.pairing.unmatched.is_empty() {
        let _ = writeln!(
            out,
            "Next: each object below says why it did not pair; a destroy that is meant gets a `removed` block."
        );
    }
    if !outcome.pairing.updates.is_empty() {
        let _ = writeln!(out, "\nMoved, will be updated in place:");
        updates_text(&outcome.pairing.updates, &mut out);
    }
    if !outcome.decided_by_rules.is_empty() {
        let _ = writeln!(out, "\nPaired through ignore rules:");
        for d in &outcome.decided_by_rules {
            let _ = writeln!(out, "  - {}", d.describe(&outcome.proof));
        }
    }
    if !outcome.pairing.unmatched.is_empty() || !outcome.deferred.is_empty() {
        let _ = writeln!(out, "\nNot matched:");
        for u in &outcome.pairing.unmatched {
            let _ = writeln!(out, "  - {} {}", side(u), shown_addr(&u.addr));
            reason_text(u, &mut out);
        }
        for (addr, s, d) in &outcome.deferred {
            let action = if *s == Side::Destroy {
                "destroy"
            } else {
                "create"
            };
            let _ = writeln!(
                out,
                "  - {action} {addr}: its keys are known only after apply, so its instances cannot be paired"
            );
            if let Some(crate::diagnostics::Extra::CausedByUnknown { depends_on }) = &d.extra
                && let Some(hint) = depends_on.first()
            {
                let _ = writeln!(out, "      {}", hint.replace('\n', " "));
            }
        }
    }
    let removals = removed_from(outcome);
    if !removals.is_empty() {
        let _ = writeln!(
            out,
            "\nIf these are meant to go, say so: a `removed` block states the intent\n(destroy = false forgets the real object instead of destroying it):"
        );
        for from in &removals {
            let _ = writeln!(
                out,
                "\nremoved {{\n  from = {from}\n  lifecycle {{\n    destroy = true\n  }}\n}}"
            );
        }
    }
    if detail == Detail::Verbose {
        pairs_text(outcome, &mut out);
    }
    out
}

/// Each pair and why it paired, for `-v` (what `--json` gives as data).
fn pairs_text(outcome: &Outcome, out: &mut String) {
    let updated: std::collections::HashSet<_> =
        outcome.pairing.updates.iter().map(|u| &u.new).collect();
    let by_rules: std::collections::HashMap<_, _> = outcome
        .decided_by_rules
        .iter()
        .map(|d| (&d.new, d.rules.join(", ")))
        .collect();
    let _ = writeln!(out, "\nPaired (before -> after, and why):");
    for (from, to) in &outcome.pairing.pairs {
        let why = if let Some(rules) = by_rules.get(to) {
            format!("equal under the ignore rules {rules}")
        } else if updated.contains(to) {
            "placed by structure; values differ (--allow-update)".to_string()
        } else if super::remote::instance_of(to).is_some() {
            "the same remote module call, source and arguments".to_string()
        } else {
            "same type, equal values".to_string()
        };
        let _ = writeln!(out, "  - {} -> {}: {why}", shown_addr(from), shown_addr(to));
    }
}

/// The first line: proven or not, and why not.
fn verdict(outcome: &Outcome, allow_add: bool) -> String {
    let (add, _, destroy) = outcome.proof.counts();
    let updates = outcome.pairing.updates.len();
    let unaccepted = outcome.unaccepted_updates();
    if outcome.proven(allow_add) && updates > 0 {
        format!(
            "Proven: nothing that was only moved is destroyed; {updates} moved object{} updated in place, as accepted.",
            if updates == 1 { " is" } else { "s are" }
        )
    } else if outcome.proven(allow_add) {
        "Proven: nothing that was only moved is destroyed.".into()
    } else if !outcome.deferred.is_empty() && deferred_by_remote(outcome) {
        "Not proven: some instances are known only after apply; their keys come from remote modules' outputs, which only their content gives.".into()
    } else if !outcome.deferred.is_empty() {
        "Not proven: some instances are known only after apply; give --state so their keys are known.".into()
    } else if destroy > 0 {
        "Not proven: the plan still destroys objects.".into()
    } else if add > 0 && !allow_add {
        "Not proven: the plan still creates objects (use --allow-add if they are new infrastructure).".into()
    } else {
        let names: Vec<String> = unaccepted.iter().map(ToString::to_string).collect();
        format!(
            "Not proven: the plan updates objects that were only moved: {}.",
            names.join(", ")
        )
    }
}

/// An address as the report shows it: a remote module instance's content
/// is the instance.
pub(crate) fn shown_addr(a: &crate::addrs::AbsResourceInstance) -> String {
    match super::remote::instance_of(a) {
        Some(m) => format!("{m} (remote module, content not read)"),
        None => a.to_string(),
    }
}

/// What a remote module instance's reason says, one sentence a line, with
/// `needed` saying how to get its content; None for an object of a
/// configuration that is read.
pub(crate) fn remote_reason(u: &Unmatched, needed: &str) -> Option<Vec<String>> {
    let m = super::remote::instance_of(&u.addr)?;
    // Source and version are texts; arguments are values.
    let change = |d: &AttrDiff| {
        let (prior, new) = shown_pair(d);
        let plain = |v: Option<String>| match v {
            Some(s) if d.name == "source" || d.name == "version" => {
                serde_json::from_str::<String>(&s).unwrap_or(s)
            }
            Some(s) => s,
            None => "(not set)".into(),
        };
        let what = match d.name.as_str() {
            "source" | "version" => d.name.clone(),
            arg => format!("argument {arg}"),
        };
        format!("{what} changes from {} to {}", plain(prior), plain(new))
    };
    let changes = |diffs: &[AttrDiff]| diffs.iter().map(change).collect::<Vec<_>>().join("; ");
    Some(match &u.reason {
        Reason::RemoteGone { objects: 0 } => {
            vec![format!("{m} and everything in it would be destroyed")]
        }
        Reason::RemoteGone { objects } => vec![format!(
            "{m} and everything in it would be destroyed: {objects} object{} in the state",
            if *objects == 1 { "" } else { "s" }
        )],
        Reason::RemoteReadThere => vec![format!(
            "{m}: the other side installed a call here of another source or version and reads its content; this one's {}",
            needed.trim_start_matches("its ")
        )],
        Reason::RemoteChanged(diffs) => vec![format!("{m}: {}; {}", changes(diffs), needed)],
        Reason::Differs(near) if !near.is_empty() => {
            let other = super::remote::instance_of(&near[0].addr)
                .map_or_else(|| near[0].addr.to_string(), ToString::to_string);
            vec![format!(
                "{m}: the closest call, {other}, differs: {}; {}",
                changes(&near[0].diffs),
                needed
            )]
        }
        Reason::NoCounterpart if u.side == Side::Create => vec![format!(
            "{m} is a new call of a remote module: what it creates is its content's to say"
        )],
        _ => return None,
    })
}

/// Whether what some block's unknown keys wait on is remote modules'
/// outputs (a state would not give them).
fn deferred_by_remote(outcome: &Outcome) -> bool {
    outcome.deferred.iter().any(|(_, _, d)| match &d.extra {
        Some(crate::diagnostics::Extra::CausedByUnknown { depends_on }) => depends_on
            .iter()
            .any(|h| h.starts_with(crate::instances::REMOTE_OUTPUTS)),
        None => false,
    })
}

/// Each pair moved and updated in place, with what changes.
fn updates_text(updates: &[Update], out: &mut String) {
    for u in updates {
        let _ = writeln!(out, "  - {} -> {}", u.prior, u.new);
        for d in &u.diffs {
            diff_lines(d, out);
        }
    }
}

fn differences_json(diffs: &[AttrDiff]) -> serde_json::Value {
    json!(
        diffs
            .iter()
            .map(|d| {
                let (prior, new) = shown_pair(d);
                json!({ "attribute": d.name, "prior": prior, "new": new })
            })
            .collect::<Vec<_>>()
    )
}

/// Updates as `--json` carries them.
pub(crate) fn updates_json(updates: &[Update]) -> serde_json::Value {
    json!(
        updates
            .iter()
            .map(|u| json!({
                "from": u.prior.to_string(),
                "to": u.new.to_string(),
                "differences": differences_json(&u.diffs),
            }))
            .collect::<Vec<_>>()
    )
}

/// The reason word, the candidate addresses, and (for `differs`) what
/// differs from each candidate.
fn reason_json(u: &Unmatched) -> (serde_json::Value, serde_json::Value, serde_json::Value) {
    match &u.reason {
        Reason::NoCounterpart => (json!("no-counterpart"), json!([]), json!([])),
        Reason::RemoteGone { objects } => (
            json!("remote-module-destroyed"),
            json!([]),
            json!([{ "objects_in_state": objects }]),
        ),
        Reason::RemoteReadThere => (json!("remote-module-read-there"), json!([]), json!([])),
        Reason::RemoteChanged(diffs) => (
            json!("remote-module-changed"),
            json!([]),
            differences_json(diffs),
        ),
        Reason::BesideRemote(instances) => (
            json!("beside-remote-module"),
            json!(
                instances
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
            ),
            json!([]),
        ),
        Reason::Blocked(w) => (
            json!("blocked"),
            json!([]),
            json!([{ "blocked_by": w.to_string() }]),
        ),
        Reason::Ambiguous(c, _) => (
            json!("ambiguous"),
            json!(c.iter().map(ToString::to_string).collect::<Vec<_>>()),
            json!([]),
        ),
        Reason::Differs(near) => (
            json!("differs"),
            json!(near.iter().map(|n| n.addr.to_string()).collect::<Vec<_>>()),
            json!(
                near.iter()
                    .flat_map(|n| n.diffs.iter().map(move |d| {
                        let (prior, new) = shown_pair(d);
                        json!({
                            "candidate": n.addr.to_string(),
                            "attribute": d.name,
                            "prior": prior,
                            "new": new,
                        })
                    }))
                    .collect::<Vec<_>>()
            ),
        ),
    }
}

/// The `--json` document.
pub(crate) fn json(
    outcome: &Outcome,
    files: &dyn Fn(&Block) -> String,
    verified_by: Vec<serde_json::Value>,
) -> serde_json::Value {
    let (add, change, destroy) = outcome.proof.counts();
    json!({
        "moves": super::blocks::distinct(&outcome.blocks)
            .into_iter()
            .map(|b| json!({ "from": b.from, "to": b.to, "file": files(b) }))
            .collect::<Vec<_>>(),
        "unmatched": outcome.deferred.iter().map(|(addr, s, d)| json!({
            "address": addr,
            "action": if *s == Side::Destroy { "destroy" } else { "create" },
            "reason": "unknown-keys",
            "candidates": [],
            "differences": [],
            "detail": d.detail,
        })).chain(outcome.pairing.unmatched.iter().map(|u| {
            let (reason, candidates, differences) = reason_json(u);
            let mut entry = json!({
                "address": u.addr.to_string(),
                "action": side(u),
                "reason": reason,
                "candidates": candidates,
                "differences": differences,
            });
            if let Some(m) = super::remote::instance_of(&u.addr) {
                entry["remote_module"] = json!(m.to_string());
                if let Some(lines) = remote_reason(u, super::remote::CONTENT_NEEDED) {
                    entry["detail"] = json!(lines.join(" "));
                }
            }
            if let Reason::Differs(near) = &u.reason
                && let Some(n) = near.first().filter(|n| !n.unpaired_refs.is_empty())
            {
                entry["refers_to_unpaired"] = json!(n.unpaired_refs.iter().map(|(holder, r)| json!({
                    "from": holder.to_string(),
                    "object": r.to_string(),
                })).collect::<Vec<_>>());
            }
            if let Reason::Ambiguous(_, e) = &u.reason
                && !e.said.is_empty()
            {
                entry["evidence"] = evidence_json(e);
            }
            entry
        })).collect::<Vec<_>>(),
        "plan": { "add": add, "change": change, "destroy": destroy },
        "updates_accepted": updates_json(&outcome.pairing.updates),
        "updates_with_allow_update": updates_json(&outcome.update_hint),
        "removed_suggested": removed_from(outcome),
        "ignore_rules": outcome.ignore_rules,
        "paired_by_rules": outcome.decided_by_rules.iter().map(|d| json!({
            "from": d.prior.to_string(),
            "to": d.new.to_string(),
            "rules": d.rules,
            "planned": d.planned(&outcome.proof),
        })).collect::<Vec<_>>(),
        "verified_by": verified_by,
    })
}

/// The `from` of a `removed` block for each resource whose unmatched
/// objects are destroyed because the configuration no longer has it (a
/// `removed` block cannot name instances, so a resource that is still
/// declared, losing only some keys, gets none).
pub(crate) fn removed_from(outcome: &Outcome) -> Vec<String> {
    use crate::plan::diff::ActionReason;
    let mut out: Vec<String> = Vec::new();
    for u in outcome
        .pairing
        .unmatched
        .iter()
        .filter(|u| u.side == Side::Destroy)
    {
        // A remote module call that goes is removed as a whole.
        if let (Some(m), Reason::RemoteGone { .. }) =
            (super::remote::instance_of(&u.addr), &u.reason)
        {
            let from = m.module().to_string();
            if !out.contains(&from) {
                out.push(from);
            }
            continue;
        }
        if super::remote::instance_of(&u.addr).is_some() {
            continue;
        }
        let gone = outcome.before.changes.iter().any(|c| {
            c.addr == u.addr
                && matches!(
                    c.reason,
                    Some(ActionReason::NoResourceConfig | ActionReason::NoMoveTarget { .. })
                )
        });
        if !gone {
            continue;
        }
        let module: String = u
            .addr
            .module
            .steps()
            .iter()
            .map(|s| format!("module.{}.", s.name))
            .collect();
        let from = format!("{module}{}", u.addr.resource.resource);
        if !out.contains(&from) {
            out.push(from);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::pairing::{Near, Reason, Side, Unmatched};
    use crate::addrs::AbsResourceInstance;

    /// A candidate without a listed difference is never shown with an
    /// empty `differs in:` list.
    #[test]
    fn a_candidate_with_no_listed_difference_says_so() {
        let a = |s: &str| AbsResourceInstance::parse(s).unwrap();
        let u = Unmatched {
            addr: a("terraform_data.old"),
            side: Side::Destroy,
            reason: Reason::Differs(vec![Near {
                addr: a("terraform_data.new"),
                diffs: Vec::new(),
                unpaired_refs: Vec::new(),
            }]),
        };
        let mut out = String::new();
        super::reason_text(&u, &mut out);
        assert!(!out.contains("differs in:"), "{out}");
        assert_eq!(
            out,
            "      closest candidate terraform_data.new shows no difference in the values compared, yet did not pair\n"
        );
    }
}
