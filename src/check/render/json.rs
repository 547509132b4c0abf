//! The JSON report (`--format json`, `schemas/`): what every other
//! format of a check, and `--merge`, is written from.

use serde_json::json;

use crate::refactor::blocks::distinct;
use crate::refactor::pairing::Update;

use super::words::{block_file, reason_word, side, side_word};
use crate::check::CheckReport;
use crate::check::cross_root::{Candidate, CrossRootMove};

fn updates_json(updates: &[Update]) -> serde_json::Value {
    json!(
        updates
            .iter()
            .map(|u| json!({
                "from": u.prior.to_string(),
                "to": u.new.to_string(),
                "attributes": u.diffs.iter().map(|d| d.name.as_str()).collect::<Vec<_>>(),
            }))
            .collect::<Vec<_>>()
    )
}

/// The version of the JSON documents minimod writes (`schemas/`): its
/// major number changes only when a reader's assumption would break.
pub(crate) const FORMAT_VERSION: &str = "1.0";

pub(crate) fn json(report: &CheckReport) -> serde_json::Value {
    let counts = |c: Option<(usize, usize, usize)>| {
        c.map(|(a, ch, d)| json!({ "add": a, "change": ch, "destroy": d }))
    };
    let mut doc = json!({
        "format_version": FORMAT_VERSION,
        "base": report.base,
        "head": report.head,
        "passed": report.passed(),
        "unreached_warn": report.unreached_warn,
        "revisions": { "base": report.revisions.0, "head": report.revisions.1 },
        "roots": report.roots.iter().map(|r| json!({
            "root": r.name(),
            "dir": r.dir,
            "workspace": r.workspace,
            "outcome": r.outcome.id(),
            "passed": r.passed,
            "plan": counts(r.before),
            "plan_with_blocks": counts(r.after),
            "moves": distinct(&r.blocks).into_iter().map(|b| json!({
                "from": b.from, "to": b.to, "file": block_file(&report.head_dir, b),
            })).collect::<Vec<_>>(),
            "unmatched": r.unmatched.iter().map(|u| json!({
                "address": u.addr.to_string(), "action": side(u), "reason": reason_word(u),
            })).collect::<Vec<_>>(),
            "updates_accepted": updates_json(&r.updates),
            "updates_with_allow_update": updates_json(&r.update_hint),
            "error": r.error,
            "note": r.note,
            "anchor": r.anchor.as_ref().or(r.root_block.as_ref()).map(|(file, line, column)| json!({
                "file": file, "line": line, "column": column,
            })),
            "cross_root_moves": r.cross_root.iter().map(cross_root_json).collect::<Vec<_>>(),
            "forgotten": r.forgotten,
            "imported": r.imported,
            "paired_by_rules": r.paired_by_rules.iter().map(|(from, to, rules, planned)| json!({
                "from": from, "to": to, "rules": rules, "planned": planned,
            })).collect::<Vec<_>>(),
            "state": r.state.as_ref().map(state_json),
            "fetched": r.fetched.iter().map(|f| json!({
                "side": f.side, "module": module_of(&f.key), "source": f.source, "version": f.version,
            })).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "states": (report.states.iter())
            .map(|(name, s)| (name.clone(), state_json(s)))
            .collect::<serde_json::Map<_, _>>(),
        "unreached": report.unreached.iter().map(|u| json!({
            "dir": u.dir, "file": u.file, "reason": u.why,
            "declaration": u.declaration.as_ref().map(|d| d.to_json()),
        })).collect::<Vec<_>>(),
    });
    if let Some((s, all)) = &report.shard {
        doc["shard"] = json!({
            "index": s.index, "count": s.count, "roots_in_all": all.len(), "roots": all,
        });
        // What `--merge` needs to see moves across shards.
        for (r, d) in report
            .roots
            .iter()
            .zip(doc["roots"].as_array_mut().into_iter().flatten())
        {
            d[CANDIDATES] = json!(r.candidates.iter().map(candidate_json).collect::<Vec<_>>());
        }
    }
    doc
}

/// A module call's address from its key in `modules.json` (`vpc.net`).
pub(super) fn module_of(key: &str) -> String {
    (key.split('.').map(|k| format!("module.{k}")))
        .collect::<Vec<_>>()
        .join(".")
}

/// A prior state as a report records it: `{"file", "sha256"}`.
fn state_json((file, sha256): &(String, String)) -> serde_json::Value {
    json!({ "file": file, "sha256": sha256 })
}

fn candidate_json(c: &Candidate) -> serde_json::Value {
    let mut doc = json!({
        "address": c.address, "type": c.type_name, "action": side_word(c.side),
        "declared": c.declared, "fingerprint": c.fingerprint, "paired": c.paired,
    });
    if let Some(from) = &c.from {
        doc["from"] = json!(from);
        doc["alone"] = json!(c.alone);
        doc["from_root_deleted"] = json!(c.deleted_root);
    }
    match &c.removed {
        Some(Ok((file, block))) => doc["removed"] = json!({ "file": file, "block": block }),
        Some(Err(why)) => doc["blocked"] = json!(why),
        None => {}
    }
    doc
}

/// The key of a shard's report that lists, per root, what may pair with
/// another shard's roots (`CheckReport::candidates`); merged away.
pub(super) const CANDIDATES: &str = "cross_root_candidates";

/// A move across roots as `--format json` carries it: each block the
/// pull request declares (`{"declared": true}`) or still needs (its file
/// and text), or why none can be written (`blocked`).
pub(super) fn cross_root_json(m: &CrossRootMove) -> serde_json::Value {
    let mut doc = json!({
        "from_root": m.from_root, "from": m.from, "to_root": m.to_root, "to": m.to,
    });
    if m.source_deleted {
        doc["from_root_deleted"] = json!(true);
    }
    match &m.blocks {
        Ok(blocks) => {
            let mut blocks = blocks.iter();
            for (key, declared) in [
                ("removed", m.removed_declared),
                ("import", m.import_declared),
            ] {
                doc[key] = match declared {
                    true => json!({ "declared": true }),
                    false => match blocks.next() {
                        Some((file, block)) => json!({ "file": file, "block": block }),
                        None => continue,
                    },
                };
            }
        }
        Err(why) => doc["blocked"] = json!(why),
    }
    doc
}
